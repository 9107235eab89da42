import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { manifestSchema } from '@/contract/exports';
import { axeProblems } from './screen-helpers';
import { watchForUuids } from './uuid-watch';

/**
 * The library's gallery against the real studio and engine: thumbnails, the viewer by
 * keyboard (its grid keys included), download, reuse as --sref that reaches the service, delete with undo and
 * after it. Prompts start with a word of this run only, so other specs' jobs never match.
 */
const tag = `gal${Date.now().toString(36)}`;

interface ApiJob {
  id: string;
  prompt: string;
  status: string;
  output: { seed: string | null } | null;
}

async function createJob(page: Page, text: string): Promise<void> {
  const res = await page.request.post('/studio-api/jobs', {
    data: { operation: 'diffusion', params: { text } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The jobs whose prompts match `q`, newest first, once all of them completed. */
async function completedJobs(page: Page, q: string, count: number): Promise<ApiJob[]> {
  let jobs: ApiJob[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/studio-api/jobs?q=${encodeURIComponent(q)}`);
        jobs = ((await res.json()) as { jobs: ApiJob[] }).jobs;
        return jobs.filter((j) => j.status === 'completed').length;
      },
      { timeout: 40_000 },
    )
    .toBe(count);
  return jobs;
}

const gallery = (page: Page) => page.getByRole('list', { name: 'Gallery' });
const tiles = (page: Page) => gallery(page).getByRole('listitem');
/** The tile itself (the image or clip), ahead of the actions a hovered or focused tile shows. */
const tileButton = (page: Page, n: number) => tiles(page).nth(n).getByRole('button').first();
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Result viewer' });

async function openGallery(page: Page): Promise<void> {
  await page.goto(`/#/library?q=${tag}`);
  const choice = page.getByRole('radio', { name: 'Gallery' });
  if ((await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
  await expect(gallery(page)).toBeVisible();
}

test('gallery: thumbnails, the viewer by keyboard, download, and accessibility', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const watch = watchForUuids(page);
  await createJob(page, `${tag} lighthouse at dusk --ar 3:2`);
  await createJob(page, `${tag} walrus on the ice`);
  const jobs = await completedJobs(page, tag, 2);

  await openGallery(page);
  await expect(tiles(page)).toHaveCount(8);
  // Remembered: a reload shows the gallery again.
  await page.reload();
  await expect(tiles(page)).toHaveCount(8);
  const first = tileButton(page, 0);
  await expect(first).toHaveAccessibleName(`Image 1 of ${jobs[0]!.prompt}`);

  // Every tile loads the studio's small WebP, not the original (its source is set once the
  // tile is near the screen: deferred-thumbs.ts).
  const src = `/media/${jobs[0]!.id}/0/thumb`;
  await expect(tiles(page).first().locator('img')).toHaveAttribute('src', src);
  const thumb = await page.request.get(src);
  const full = await page.request.get(src.replace(/\/thumb$/, ''));
  expect(thumb.headers()['content-type']).toBe('image/webp');
  expect(full.headers()['content-type']).toBe('image/png');

  expect(await axeProblems(page, '[aria-label="Gallery"]')).toEqual([]);

  // The viewer, by keyboard only: Enter opens, arrows step across jobs, Z zooms, Esc closes.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(viewer(page)).toBeVisible();
  await expect(viewer(page).getByTestId('viewer-position')).toHaveText('1 / 8');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(viewer(page).getByTestId('viewer-position')).toHaveText('5 / 8');
  await expect(viewer(page).getByRole('img')).toHaveAccessibleName(`Image 1 of ${jobs[1]!.prompt}`);
  await expect(viewer(page).getByRole('img')).toHaveAttribute('src', `/media/${jobs[1]!.id}/0`);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer(page).getByTestId('viewer-position')).toHaveText('4 / 8');
  await page.keyboard.press('z');
  await expect(viewer(page).getByRole('button', { name: 'Fit to screen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(viewer(page).getByRole('region', { name: /Image at 100%/ })).toBeVisible();
  expect(await axeProblems(page, 'dialog[open]')).toEqual([]);

  // Download the original, named from the prompt.
  const download = page.waitForEvent('download');
  await viewer(page).getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(
    `${tag}-walrus-on-the-ice-${jobs[0]!.id}-4.png`,
  );

  await page.keyboard.press('Escape');
  await expect(viewer(page)).toBeHidden();
  await expect(tileButton(page, 3)).toBeFocused();

  // The grid's keys in the viewer: 2 shows image 2 of the same job, U upscales the one shown.
  await page.keyboard.press('Enter');
  await expect(viewer(page).getByTestId('viewer-position')).toHaveText('4 / 8');
  await page.keyboard.press('2');
  await expect(viewer(page).getByTestId('viewer-position')).toHaveText('2 / 8');
  await expect(viewer(page).getByRole('img')).toHaveAccessibleName(`Image 2 of ${jobs[0]!.prompt}`);
  await page.keyboard.press('u');
  await expect(viewer(page)).toBeHidden();
  await expect
    .poll(async () => {
      const res = await page.request.get('/studio-api/jobs?operation=upscale');
      const { jobs: upscales } = (await res.json()) as {
        jobs: { parentId: string | null; parentIndex: number | null }[];
      };
      return upscales.filter((j) => j.parentId === jobs[0]!.id).map((j) => j.parentIndex);
    })
    .toEqual([1]);
  expect((await watch.report()).leaks).toEqual([]);
});

test('gallery: a result reused as --sref reaches the service in the create’s prompt', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createJob(page, `${tag} sref source`);
  await completedJobs(page, `${tag} sref source`, 1);
  await page.goto(`/#/library?q=${tag}%20sref%20source`);
  await page.getByRole('radio', { name: 'Gallery' }).click();
  await tileButton(page, 1).click();
  await viewer(page).getByRole('button', { name: 'Use as --sref' }).click();
  await expect(page).toHaveURL(/#\/create$/);
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await expect(prompt).toHaveValue(/--sref https?:\/\/\S+\/u\/\S+\.png/);
  await prompt.fill(`${tag} styled again ${(await prompt.inputValue()).trim()}`);
  await page.getByRole('button', { name: 'Generate' }).click();
  const [made] = await completedJobs(page, `${tag} styled again`, 1);
  expect(made!.prompt).toMatch(/--sref https?:\/\/\S+\/u\/\S+\.png/);
  // Its card shows the reference as a small picture, the URL only on hover.
  const card = page.getByRole('article', { name: /styled again/ }).first();
  const chip = card.getByRole('img', { name: 'Style reference 1' });
  await expect(chip).toHaveAttribute('src', /^\/u\/\S+\.png$/);
  await expect(card.locator('p', { hasText: 'styled again' })).not.toContainText('http');
});

test('gallery: delete with undo, and after the undo time the files are gone', async ({ page }) => {
  test.setTimeout(90_000);
  await createJob(page, `${tag} doomed kite`);
  const [doomed] = await completedJobs(page, `${tag} doomed kite`, 1);
  const id = doomed!.id;
  await page.goto(`/#/library?q=${tag}%20doomed`);
  await page.getByRole('radio', { name: 'Gallery' }).click();
  await expect(tiles(page)).toHaveCount(4);
  // The thumbnail is made and cached before the deletion.
  expect((await page.request.get(`/media/${id}/0/thumb`)).status()).toBe(200);

  const deleteIt = async () => {
    await tileButton(page, 0).click();
    await viewer(page).getByRole('button', { name: 'Delete…' }).click();
    const confirm = viewer(page).getByRole('group', { name: 'Confirm delete' });
    await expect(confirm).toContainText('The image service has no delete');
    expect(await axeProblems(page, 'dialog[open]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete job' }).click();
    await expect(viewer(page)).toBeHidden();
    await expect(tiles(page)).toHaveCount(0);
  };
  await deleteIt();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(tiles(page)).toHaveCount(4);
  // Nothing was sent: the job is still in the history.
  expect((await page.request.get(`/studio-api/jobs/${id}`)).status()).toBe(200);

  await deleteIt();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden({ timeout: 10_000 });
  await expect
    .poll(async () => (await page.request.get(`/studio-api/jobs/${id}`)).status())
    .toBe(404);
  expect((await page.request.get(`/media/${id}/0/thumb`)).status()).toBe(404);
  expect((await page.request.get(`/media/${id}/0`)).status()).toBe(404);
  await page.reload();
  await expect(tiles(page)).toHaveCount(0);
});

test('gallery: select with shift-click, favourite, and a ZIP whose manifest matches the history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sel = `${tag}sel`;
  for (const p of ['amber owl', 'basalt cliff', 'cobalt lake'])
    await createJob(page, `${sel} ${p}`);
  const jobs = await completedJobs(page, sel, 3);
  await page.goto(`/#/library?q=${sel}`);
  await page.getByRole('radio', { name: 'Gallery' }).click();
  await expect(tiles(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await tileButton(page, 0).click();
  await tileButton(page, 5).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
  expect(await axeProblems(page, '[role="toolbar"][aria-label="Selection"]')).toEqual([]);
  await expect(tileButton(page, 7)).toHaveAttribute('aria-pressed', 'true');
  await expect(tileButton(page, 8)).toHaveAttribute('aria-pressed', 'false');

  await page
    .getByRole('toolbar', { name: 'Selection' })
    .getByRole('button', { name: 'Favourite', exact: true })
    .click();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/studio-api/jobs?q=${sel}&favourite=true`);
      return ((await res.json()) as { jobs: ApiJob[] }).jobs.map((j) => j.id).sort();
    })
    .toEqual([jobs[0]!.id, jobs[1]!.id].sort());

  const readZip = async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download ZIP' }).click();
    const file = await (await download).path();
    const zip = unzipSync(new Uint8Array(readFileSync(file)));
    return { zip, manifest: manifestSchema.parse(JSON.parse(strFromU8(zip['manifest.json']!))) };
  };
  const picked = await readZip();
  expect(picked.manifest.files.map((f) => `${f.job}/${f.output}`)).toEqual(
    [0, 1].flatMap((j) => [1, 2, 3, 4].map((n) => `${jobs[j]!.id}/${n}`)),
  );
  for (const f of picked.manifest.files) {
    const job = jobs.find((j) => j.id === f.job)!;
    expect(f.prompt).toBe(job.prompt);
    expect(f.seed).toBe(job.output?.seed ?? null);
    expect(f.parent).toBeNull();
    expect(picked.zip[f.file]!.length).toBeGreaterThan(1000);
  }

  await page.getByRole('button', { name: 'Select all matching' }).click();
  await expect(page.getByTestId('selection-count')).toHaveText('Everything matching selected');
  const all = await readZip();
  expect(new Set(all.manifest.files.map((f) => f.job))).toEqual(new Set(jobs.map((j) => j.id)));
  expect(all.manifest.files).toHaveLength(12);
});

test('the Tools page links to every tool result in the Library', async ({ page }) => {
  await createJob(page, `${tag}tool not a tool job`);
  await page.goto('/#/tools');
  await page.getByRole('link', { name: 'All tool results in the Library' }).click();
  await expect(page).toHaveURL(/#\/library\?operation=describe,shorten,blend,/);
  await expect(page.getByRole('combobox', { name: 'Operation' })).not.toHaveValue('');
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(`${tag}tool`);
  await expect(page.getByTestId('library-summary')).toHaveText(/No jobs found/);
});

test('lineage both ways: from a grand-child up and from the root down, by keyboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const fam = `${tag}fam`;
  const make = async (data: unknown): Promise<string> => {
    const res = await page.request.post('/studio-api/jobs', { data });
    expect(res.ok(), await res.text()).toBe(true);
    const { job } = (await res.json()) as { job: ApiJob };
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/studio-api/jobs/${job.id}`)).json()) as { job: ApiJob })
            .job.status,
        { timeout: 30_000 },
      )
      .toBe('completed');
    return job.id;
  };
  const root = await make({ operation: 'diffusion', params: { text: `${fam} root` } });
  const vary = await make({ operation: 'variation', parentId: root, params: { imageNo: 0 } });
  const grand = await make({ operation: 'upscale', parentId: vary, params: { imageNo: 2 } });

  await page.goto(`/#/job?id=${grand}`);
  const tree = page.getByRole('navigation', { name: 'Lineage' });
  const links = tree.getByRole('link');
  await expect(links).toHaveCount(3);
  const hrefs = async () => links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(await hrefs()).toEqual([root, vary, grand].map((id) => `#/job?id=${id}`));
  await expect(links.nth(2)).toHaveAttribute('aria-current', 'page');
  await expect(links.nth(0).locator('img')).toHaveAttribute('src', `/media/${root}/0/thumb`);

  // Up to the root by keyboard: Home, then Enter.
  await links.nth(2).focus();
  await page.keyboard.press('ArrowUp');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/job\\?id=${root}$`));
  await expect(links.nth(0)).toHaveAttribute('aria-current', 'page');
  expect(await hrefs()).toEqual([root, vary, grand].map((id) => `#/job?id=${id}`));

  // The cards say it too: the root's has its follow-up, the child its parent.
  await page.goto(`/#/library?q=${fam}`);
  await page.getByRole('radio', { name: 'Cards' }).click();
  const feed = page.getByRole('feed', { name: 'Library results' });
  await expect(
    feed
      .getByRole('article', { name: `Job diffusion: ${fam} root` })
      .getByRole('link', { name: '1 follow-up' }),
  ).toBeVisible();
});

test('gallery: a hovered tile shows its prompt and actions, and a clip plays muted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const hov = `${tag}hov`;
  await createJob(page, `${hov} heron in reeds`);
  const [still] = await completedJobs(page, hov, 1);
  const res = await page.request.post('/studio-api/jobs', {
    data: {
      operation: 'video-diffusion',
      parentId: still!.id,
      params: { imageNo: 0, prompt: `${hov} reeds sway` },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const [clip] = await completedJobs(page, hov, 2);
  await page.goto(`/#/library?q=${hov}`);
  const choice = page.getByRole('radio', { name: 'Gallery' });
  if ((await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
  await expect(tiles(page)).toHaveCount(8);

  // Nothing but the tile until it is pointed at; then its prompt and its actions.
  const actions = page.getByRole('group', { name: 'Result actions' });
  await expect(actions).toHaveCount(0);
  const video = tiles(page).first().locator('video');
  const playing = () => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted);
  expect(await playing()).toBe(false);
  await tileButton(page, 0).hover();
  await expect(actions).toHaveCount(1);
  await expect(tiles(page).first().getByText(clip!.prompt)).toBeVisible();
  await expect.poll(playing).toBe(true);
  expect(await axeProblems(page, '[aria-label="Gallery"]')).toEqual([]);

  // Download the original from the tile of the still image, named as the viewer names it.
  await tileButton(page, 4).hover();
  await expect.poll(playing).toBe(false);
  const download = page.waitForEvent('download');
  await tiles(page).nth(4).getByRole('link', { name: 'Download original' }).click();
  expect((await download).suggestedFilename()).toBe(`${hov}-heron-in-reeds-${still!.id}-1.png`);

  // Use prompt: the prompt box on Create holds it.
  await tiles(page).nth(4).getByRole('button', { name: 'Use prompt' }).click();
  await expect(page).toHaveURL(/#\/create/);
  await expect(page.locator('#prompt')).toHaveValue(still!.prompt);
});

test('gallery: a tile’s actions by keyboard only', async ({ page }) => {
  test.setTimeout(90_000);
  const kb = `${tag}kb`;
  await createJob(page, `${kb} quiet harbour`);
  await createJob(page, `${kb} copper kettle`);
  const jobs = await completedJobs(page, kb, 2);
  await page.goto(`/#/library?q=${kb}`);
  const choice = page.getByRole('radio', { name: 'Gallery' });
  if ((await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
  await expect(tiles(page)).toHaveCount(8);
  const actionsOf = (n: number) =>
    tiles(page).nth(n).getByRole('group', { name: 'Result actions' });

  // From the selection bar, Tab reaches the first tile, and its actions follow it.
  await page.getByRole('button', { name: 'Select', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(tileButton(page, 0)).toBeFocused();
  await expect(actionsOf(0)).toBeVisible();
  await expect(tiles(page).first().getByText(jobs[0]!.prompt)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(actionsOf(0).getByRole('button', { name: 'Open in viewer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(viewer(page).getByTestId('viewer-position')).toHaveText('1 / 8');
  await page.keyboard.press('Escape');
  await expect(tileButton(page, 0)).toBeFocused();

  // Select: Tab past Open, Use prompt, Add to collection and Download; Enter starts a
  // selection with it. (Add to collection is there once its chunk came, at the page's
  // first idle moment: on a busy machine that can be after the tile took focus.)
  await expect(actionsOf(0).getByRole('button', { name: 'Add to collection' })).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  const select = actionsOf(0).getByRole('button', { name: 'Select result' });
  await expect(select).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
  await expect(tileButton(page, 0)).toHaveAttribute('aria-pressed', 'true');

  // The next Tab leaves for the next tile: only the focused tile shows actions.
  await page.keyboard.press('Tab');
  await expect(tileButton(page, 1)).toBeFocused();
  await expect(actionsOf(0)).toHaveCount(0);
  await expect(actionsOf(1)).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(actionsOf(1).getByRole('button', { name: 'Use prompt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/create/);
  await expect(page.locator('#prompt')).toHaveValue(jobs[0]!.prompt);
});
