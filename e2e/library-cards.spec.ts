import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The library's cards for a search with more results than a screen, against the real
 * studio and engine: only the cards near the screen are in the page, the others appear as
 * the page is scrolled to them, Tab reaches the last card, a parent link reaches a parent
 * not drawn, and a job that comes in on top leaves the cards on screen where they are.
 * Prompts start with a word of this run only, so other specs' jobs never match.
 */
const tag = `cards${Date.now().toString(36)}`;
const JOBS = 10;

async function createJob(page: Page, text: string): Promise<void> {
  const res = await page.request.post('/studio-api/jobs', {
    data: { operation: 'diffusion', params: { text } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function allCompleted(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/studio-api/jobs?q=${tag}&status=completed`);
        return ((await res.json()) as { jobs: unknown[] }).jobs.length;
      },
      { timeout: 90_000 },
    )
    .toBe(JOBS);
}

const cards = (page: Page) =>
  page.getByRole('feed', { name: 'Library results' }).getByRole('article');
const summary = (page: Page) => page.getByTestId('library-summary');
const nameOf = (i: number) => `Job diffusion: ${tag} harbour number ${i}`;

/** Every image of a card has loaded a thumbnail. */
async function expectThumbnailsShown(card: Locator): Promise<void> {
  const images = card.getByRole('img', { name: /^Image \d of/ });
  await expect(images).toHaveCount(4);
  await expect
    .poll(() =>
      images.evaluateAll((els) =>
        els.every((e) => e instanceof HTMLImageElement && e.complete && e.naturalWidth > 0),
      ),
    )
    .toBe(true);
  for (const src of await images.evaluateAll((els) => els.map((e) => e.getAttribute('src'))))
    expect(src).toMatch(/\/thumb(\/\d+)?$/);
}

test('a long search draws cards as they are scrolled or tabbed to', async ({ page }) => {
  // Ten grids to make and some two hundred key presses: a budget, not a speed claim.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  for (let i = 0; i < JOBS; i++) await createJob(page, `${tag} harbour number ${i}`);
  await allCompleted(page);

  await page.goto(`/#/library?q=${tag}`);
  await expect(summary(page)).toHaveText(`${JOBS} jobs found for “${tag}”`);
  await expect(cards(page).first()).toHaveAccessibleName(nameOf(JOBS - 1));
  await expect(cards(page).first()).toHaveAttribute('aria-posinset', '1');
  await expect(cards(page).first()).toHaveAttribute('aria-setsize', String(JOBS));
  await expectThumbnailsShown(cards(page).first());
  // A grid card is most of a screen: only those near it are drawn.
  expect(await cards(page).count()).toBeLessThan(JOBS);

  // Scrolling down draws the rest, each in its place, and lets the first ones go.
  const names = new Map<number, string | null>();
  let most = 0;
  await page.mouse.move(640, 400);
  for (let i = 0; i < 80 && !names.has(JOBS); i++) {
    // Each card's place and name read together: the rows change as the page scrolls.
    const drawn = await cards(page).evaluateAll((els) =>
      els.map(
        (e) => [Number(e.getAttribute('aria-posinset')), e.getAttribute('aria-label')] as const,
      ),
    );
    for (const [place, name] of drawn) names.set(place, name);
    most = Math.max(most, drawn.length);
    await page.mouse.wheel(0, 500);
  }
  expect([...names.entries()].sort(([a], [b]) => a - b).map(([, name]) => name)).toEqual(
    Array.from({ length: JOBS }, (_, i) => nameOf(JOBS - 1 - i)),
  );
  expect(most).toBeLessThan(JOBS);
  await expect(page.getByRole('article', { name: nameOf(JOBS - 1) })).toHaveCount(0);
  const last = cards(page).last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAccessibleName(nameOf(0));
  await expectThumbnailsShown(last);

  // From the top again, Tab alone walks through every card to the oldest one.
  await page.reload();
  await expect(summary(page)).toHaveText(`${JOBS} jobs found for “${tag}”`);
  expect(await cards(page).count()).toBeLessThan(JOBS);
  await page.getByRole('searchbox', { name: 'Search prompts' }).focus();
  const focusedCard = () =>
    page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-label'));
  const visited = new Set<string>();
  for (let i = 0; i < 600 && !visited.has(nameOf(0)); i++) {
    await page.keyboard.press('Tab');
    const name = await focusedCard();
    if (name) visited.add(name);
  }
  expect([...visited]).toEqual(Array.from({ length: JOBS }, (_, i) => nameOf(JOBS - 1 - i)));
  // The cards Tab left far behind are gone from the page.
  expect(await cards(page).count()).toBeLessThan(JOBS);
});

test('a card’s parent link brings its parent on screen, far below, and moves focus there', async ({
  page,
}) => {
  // Seven grids and an upscale to make: a budget, not a speed claim.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const word = `${tag}lin`;
  const post = async (data: unknown): Promise<string> => {
    const res = await page.request.post('/studio-api/jobs', { data });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { job: { id: string } }).job.id;
  };
  const parent = await post({ operation: 'diffusion', params: { text: `${word} parent` } });
  for (let i = 0; i < 6; i++) await createJob(page, `${word} filler ${i}`);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/studio-api/jobs/${parent}`);
        return ((await res.json()) as { job: { status: string } }).job.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  // The newest card; its parent is the oldest of eight, far below the first screen.
  await post({ operation: 'upscale', parentId: parent, params: { imageNo: 0 } });

  await page.goto(`/#/library?q=${word}`);
  await expect(summary(page)).toHaveText(`8 jobs found for “${word}”`);
  const parentCard = page.getByRole('article', { name: `Job diffusion: ${word} parent` });
  await expect(parentCard).toHaveCount(0);
  const child = cards(page).first();
  await expect(child).toHaveAccessibleName(`Job upscale: ${word} parent`);
  await child.getByRole('button', { name: 'from diffusion · U1' }).press('Enter');
  await expect(parentCard).toBeFocused();
  await expect(parentCard).toBeInViewport();
  // The cards between were passed over, not all drawn.
  expect(await cards(page).count()).toBeLessThan(8);
});

test('a job that comes in on top leaves the cards on screen where they are', async ({ page }) => {
  // Seven grids to make: a budget, not a speed claim.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const word = `${tag}top`;
  for (let i = 0; i < 6; i++) await createJob(page, `${word} pier ${i}`);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/studio-api/jobs?q=${word}&status=completed`);
        return ((await res.json()) as { jobs: unknown[] }).jobs.length;
      },
      { timeout: 90_000 },
    )
    .toBe(6);

  await page.goto(`/#/library?q=${word}`);
  await expect(summary(page)).toHaveText(`6 jobs found for “${word}”`);
  // Scrolled down to the fourth card, a little below the top of the screen.
  const fourth = page.getByRole('article', { name: `Job diffusion: ${word} pier 2` });
  await page.mouse.move(640, 400);
  for (let i = 0; i < 20 && (await fourth.count()) === 0; i++) await page.mouse.wheel(0, 500);
  await fourth.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 100));
  const onScreen = () => fourth.evaluate((el) => el.getBoundingClientRect().top);
  await expect.poll(onScreen).toBeGreaterThan(99);
  const top = await onScreen();

  // A new job that matches: the search is fetched again with it on top, above the screen.
  await createJob(page, `${word} pier 6`);
  await expect(summary(page)).toHaveText(`7 jobs found for “${word}”`);
  await expect(fourth).toHaveAttribute('aria-posinset', '5');
  expect(Math.abs((await onScreen()) - top)).toBeLessThanOrEqual(1);
  // Scrolled back up, it is there on top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(cards(page).first()).toHaveAccessibleName(`Job diffusion: ${word} pier 6`);
});
