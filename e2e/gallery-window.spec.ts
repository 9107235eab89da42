import { expect, test, type Page } from '@playwright/test';

/**
 * The gallery keeps a window of pages around the screen, so a long scroll holds bounded
 * memory: scrolled far enough down it lets the first pages go, and scrolled back up it
 * fetches them again, each result back in its place. A small window and small pages
 * (`limit=2&window=10`, set in the URL) make twenty jobs enough to see it.
 */
const tag = `win${Date.now().toString(36)}`;
const JOBS = 20;

interface ApiJob {
  status: string;
}

async function completedCount(page: Page): Promise<number> {
  const res = await page.request.get(`/studio-api/jobs?q=${tag}&limit=200`);
  const { jobs } = (await res.json()) as { jobs: ApiJob[] };
  return jobs.filter((j) => j.status === 'completed').length;
}

const tile = (page: Page, place: number) =>
  page.getByRole('list', { name: 'Gallery' }).locator(`[aria-posinset="${place}"]`);

/** Wheels the page by `dy` until `done` holds, a bounded number of times. */
async function wheelUntil(page: Page, dy: number, done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 120 && !(await done()); i++) {
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(60);
  }
  expect(await done()).toBe(true);
}

test('the gallery lets pages far above go and brings them back in place', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 800, height: 520 });
  for (let i = 0; i < JOBS; i++) {
    const res = await page.request.post('/studio-api/jobs', {
      data: { operation: 'diffusion', params: { text: `${tag} comet ${i}` } },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await expect.poll(() => completedCount(page), { timeout: 90_000 }).toBe(JOBS);

  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/studio-api/jobs?')) asked.push(new URL(r.url()).search);
  });
  await page.addInitScript(() => localStorage.setItem('studio.library.view', 'gallery'));
  await page.goto(`/#/library?q=${tag}&limit=2&window=10`);
  const first = tile(page, 1);
  await expect(first).toBeVisible();
  const key = await first.getByRole('button').first().getAttribute('data-tile');
  expect(key).toMatch(/\/0$/);
  const top = await first.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

  // Down to the last result: every page is fetched, and the first ones are let go.
  await page.mouse.move(400, 400);
  await wheelUntil(page, 400, async () => (await tile(page, JOBS * 4).count()) > 0);
  await expect(tile(page, JOBS * 4)).toBeVisible();
  await expect(first).toHaveCount(0);
  expect(asked.some((q) => q.includes('after='))).toBe(false);
  // Ten pages of two jobs, a window of five: half of them are held now.
  await expect(page.getByTestId('library-summary')).toHaveText(
    /^10 jobs found for “.+” here; scrolling up shows newer ones\.$/,
  );

  // Back up: the pages let go are fetched again (`after`), the first result in its place.
  await wheelUntil(page, -400, async () => (await first.count()) > 0);
  await expect(first).toBeVisible();
  expect(asked.some((q) => q.includes('after='))).toBe(true);
  expect(await first.getByRole('button').first().getAttribute('data-tile')).toBe(key);
  expect(await first.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBe(top);
  await expect(page.getByTestId('library-summary')).toHaveText(
    /^Newest \d+ jobs found for “.+”; scrolling down shows older ones\.$/,
  );

  // Down again, then a jump to the top: the places let go are drawn empty (no tile twice)
  // and the pages above come back at once.
  await wheelUntil(page, 400, async () => (await tile(page, JOBS * 4).count()) > 0);
  await expect(first).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  const places = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label="Gallery"] [aria-posinset]')].map((el) =>
      el.getAttribute('aria-posinset'),
    ),
  );
  expect(new Set(places).size).toBe(places.length);
  await expect(first).toBeVisible();
  expect(await first.getByRole('button').first().getAttribute('data-tile')).toBe(key);
});
