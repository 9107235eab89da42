import { expect, test, type Page } from '@playwright/test';

/**
 * The library: prompt search (word prefixes), favourites, a date range that is refused,
 * and older pages as the cards are scrolled, against the real studio and engine. Every prompt starts with a word of
 * this run only, so jobs other specs left in the shared history never match.
 */
const tag = `lib${Date.now().toString(36)}`;

/** Creates a diffusion job over the studio API, without waiting for it to run. */
async function createJob(page: Page, text: string): Promise<void> {
  const res = await page.request.post('/studio-api/jobs', {
    data: { operation: 'diffusion', params: { text } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const results = (page: Page) => page.getByRole('feed', { name: 'Library results' });
const cards = (page: Page) => results(page).getByRole('article');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search prompts' });
const summary = (page: Page) => page.getByTestId('library-summary');

test('search, favourites, live updates, bad input and older pages', async ({ page }) => {
  // Seven creates, five page loads and some forty checks: 30 to 70 s on the 2-core machine
  // beside other work, with either browser. A budget, not a speed claim.
  test.setTimeout(120_000);
  // Oldest first: the library lists newest first.
  const prompts = [
    `${tag} lighthouse at dusk`,
    `${tag} walrus on the ice`,
    `${tag} cactus garden`,
    `${tag} walrus pup asleep`,
    `${tag} lighthouse keeper`,
  ];
  for (const p of prompts) await createJob(page, p);

  await page.goto('/#/library');
  await search(page).fill(`${tag} walr`);
  // Debounced: the URL and the results follow a moment after typing stops.
  await expect(page).toHaveURL(new RegExp(`#/library\\?q=${tag}%20walr$`));
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).nth(0)).toHaveAccessibleName(`Job diffusion: ${tag} walrus pup asleep`);
  await expect(cards(page).nth(1)).toHaveAccessibleName(`Job diffusion: ${tag} walrus on the ice`);
  await expect(summary(page)).toHaveText(`2 jobs found for “${tag} walr”`);

  // The search lives in the URL: a reload, and Back from another page, keep it.
  await page.reload();
  await expect(search(page)).toHaveValue(`${tag} walr`);
  await expect(cards(page)).toHaveCount(2);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Create' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
  await page.goBack();
  await expect(search(page)).toHaveValue(`${tag} walr`);
  await expect(cards(page)).toHaveCount(2);

  // Jobs made while the search is open: one that does not match stays out, one that does
  // comes in (the event stream refetches the filtered list rather than patching it).
  await createJob(page, `${tag} cactus in bloom`);
  await createJob(page, `${tag} walrus family`);
  await expect(cards(page)).toHaveCount(3);
  await expect(cards(page).nth(0)).toHaveAccessibleName(`Job diffusion: ${tag} walrus family`);
  await expect(results(page).getByRole('article', { name: /cactus/ })).toHaveCount(0);

  // Star one: the button says what it will do and whether it is pressed.
  const pup = results(page).getByRole('article', { name: /walrus pup asleep/ });
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/favourite'),
  );
  await pup.getByRole('button', { name: 'Favourite', exact: true }).click();
  const unstar = pup.getByRole('button', { name: 'Unfavourite' });
  await expect(unstar).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).ok()).toBe(true);

  await page.getByRole('switch', { name: 'Favourites only' }).click();
  await expect(page).toHaveURL(/favourite=true/);
  await expect(cards(page)).toHaveCount(1);
  await expect(summary(page)).toHaveText(`1 job found for “${tag} walr” · Favourites only`);
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('button', { name: 'Unfavourite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A range that ends before it starts is refused, naming the field; nothing is searched.
  await page.getByLabel('From', { exact: true }).fill('2026-02-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-15');
  await expect(page.getByRole('alert')).toContainText(
    'To: must be on or after the From date (2026-02-01).',
  );
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(results(page)).toHaveCount(0);

  // Clear all empties every control; a search with no match says what was searched.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/#\/library$/);
  await expect(search(page)).toHaveValue('');
  await expect(page.getByRole('switch', { name: 'Favourites only' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await search(page).fill(`${tag} zebra`);
  await search(page).press('Enter');
  await expect(summary(page)).toHaveText(`No jobs found for “${tag} zebra”.`);
  await expect(cards(page)).toHaveCount(0);

  // Pages of two (the page size is only set in the URL): those that do not fill the screen
  // are followed by the next at once, and scrolling down fetches the rest.
  await page.goto(`/#/library?q=${tag}&limit=2`);
  await expect(summary(page)).toHaveText(
    new RegExp(`^Newest [246] jobs found for “${tag}”; scrolling down shows older ones\\.$`),
  );
  // The cards near the screen are drawn as it goes: each in its place, the count once known.
  const names = new Map<number, string>();
  await page.mouse.move(640, 400);
  for (let i = 0; i < 60 && names.size < 7; i++) {
    // Each card's place and name read together: the rows change as the page scrolls.
    const drawn = await cards(page).evaluateAll((els) =>
      els.map(
        (e) => [Number(e.getAttribute('aria-posinset')), e.getAttribute('aria-label')] as const,
      ),
    );
    for (const [place, name] of drawn) names.set(place, name ?? '');
    await page.mouse.wheel(0, 400);
  }
  await expect(summary(page)).toHaveText(`7 jobs found for “${tag}”`);
  await expect(cards(page).last()).toHaveAttribute('aria-setsize', '7');
  expect([...names.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect([...names.entries()].sort(([a], [b]) => a - b).map(([, name]) => name)).toEqual(
    [...prompts, `${tag} cactus in bloom`, `${tag} walrus family`]
      .reverse()
      .map((p) => `Job diffusion: ${p}`),
  );

  // The star shows on the Create feed too, and a filter change starts again at page one.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Running' });
  await expect(page).toHaveURL(/status=pending,staged,processing,retry/);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Any status' });
  // Back at the newest job; how many pages follow it depends on how far the screen reaches.
  await expect(cards(page).first()).toHaveAttribute('aria-posinset', '1');
  await expect(cards(page).first()).toHaveAccessibleName(`Job diffusion: ${tag} walrus family`);
  await page.goto('/#/create');
  await expect(
    page
      .getByRole('article', { name: `Job diffusion: ${tag} walrus pup asleep` })
      .getByRole('button', { name: 'Unfavourite' }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('each keystroke asks for its search once, in the cards and the gallery', async ({ page }) => {
  const word = `${tag}key`;
  for (const text of [`${word} kite`, `${word} kettle`]) await createJob(page, text);
  // Finished first: a job that ends while the keys are typed rightly asks a matching search
  // again, and those asks are not the keystrokes'.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/studio-api/jobs?q=${word}&status=completed`);
        return ((await res.json()) as { jobs: unknown[] }).jobs.length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    const q = url.searchParams.get('q');
    if (url.pathname === '/studio-api/jobs' && q?.startsWith(word)) asked.push(q);
  });
  const views = page.getByRole('radiogroup', { name: 'View' });
  for (const view of ['Cards', 'Gallery']) {
    await page.goto('/#/library');
    await views.getByRole('radio', { name: view }).click();
    await search(page).fill(word);
    await expect(summary(page)).toHaveText(`2 jobs found for “${word}”`);
    asked.length = 0;
    // Typed key by key: the search starts in the keystroke's own event, and the results
    // that render it take that request rather than asking again. The space searches what
    // was searched already: nothing is asked again.
    await search(page).pressSequentially(' ket');
    await expect(summary(page)).toHaveText(`1 job found for “${word} ket”`);
    await expect(page).toHaveURL(new RegExp(`#/library\\?q=${word}%20ket$`));
    expect(asked, view).toEqual([' k', ' ke', ' ket'].map((end) => `${word}${end}`));
  }
});

test('a search the studio refuses shows its message', async ({ page }) => {
  // The library checks everything the studio checks before it asks, so no input reaches a
  // 400 today; the refusal is made at the network, in the studio's own error envelope.
  await page.route(/\/studio-api\/jobs\?.*q=refused/, (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: {
          status: 400,
          code: 'invalid_request',
          message: 'q: must be at most 200 characters',
          hint: null,
          retryAfterS: null,
        },
      },
    }),
  );
  await page.goto(`/#/library?q=refused`);
  await expect(page.getByRole('alert')).toContainText(
    'Could not search the library: q: must be at most 200 characters',
  );
  await expect(results(page)).toHaveCount(0);
});
