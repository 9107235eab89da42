import { expect, test, type Page, type Route } from '@playwright/test';
import { feedPath } from '@/web/jobs/api/feed-path';
import { waitForHealth } from './account-stack';
import { runStudio } from './outage-stack';

/**
 * The Create page's first screen. index.html as built, by default, has no data in it: its
 * first render waits a moment for the feed (src/web/main.tsx), so the jobs come with it
 * rather than after a placeholder, and a feed that does not answer holds it up no longer
 * than that moment. With STUDIO_FIRST_SCREEN=drawn, on a studio of its own here, `/` comes
 * with the screen drawn on the server from the person's feed
 * (src/proxy/routes/first-screen.ts), which the app renders in place of once loaded.
 */

/** Records, from the page's first script on, whether the feed's placeholder was ever shown. */
const WATCH_PLACEHOLDER = `
window.__placeholderSeen = false;
new MutationObserver((_, observer) => {
  if (!document.querySelector('[aria-label="Loading jobs"]')) return;
  window.__placeholderSeen = true;
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
`;

const placeholderSeen = (page: Page) =>
  page.evaluate(() => (window as { __placeholderSeen?: boolean }).__placeholderSeen);

/** The studio that draws the first screen into `/`. */
let drawing: { url: string; stop: () => Promise<void> };
test.beforeAll(async () => {
  const studio = await runStudio({ STUDIO_FIRST_SCREEN: 'drawn', ENGINE_TASK_MS: '300' });
  drawing = {
    url: studio.url,
    stop: async () => {
      studio.child.kill('SIGTERM');
      await studio.exited;
    },
  };
  await waitForHealth(studio.url, 60_000);
});
test.afterAll(async () => {
  await drawing.stop();
});

async function made(page: Page, text: string): Promise<string> {
  const res = await page.request.post(`${drawing.url}/studio-api/jobs`, {
    data: { operation: 'diffusion', params: { text } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { job } = (await res.json()) as { job: { id: string } };
  await expect
    .poll(
      async () => {
        const got = await page.request.get(`${drawing.url}/studio-api/jobs/${job.id}`);
        return ((await got.json()) as { job: { status: string } }).job.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  return job.id;
}

/** Holds the app's scripts until `release` is called: the page as the server sent it. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route('**/assets/*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('`/` comes with the newest cards drawn, and the app replaces them live, in place', async ({
  page,
}) => {
  const id = await made(page, 'a lighthouse drawn by the server');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const release = await holdScripts(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${drawing.url}/`, { waitUntil: 'commit' });
  // No script of the app has run: the card is the server's, its thumbnails not asked for,
  // and in the person's theme, set by the head (e2e/first-paint-theme.spec.ts).
  const card = page.locator(`article[id="job-${id}"]`);
  await expect(card).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(card).toContainText('a lighthouse drawn by the server');
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await expect(card.locator('img[src]')).toHaveCount(0);
  const drawnBox = await card.boundingBox();
  // Marked, to tell the server's element from the app's.
  await card.evaluate((el) => el.setAttribute('data-seen', 'server'));

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(card).not.toHaveAttribute('data-seen', 'server');
  // The app's card where the server's was, the same size: nothing on the page moves.
  expect(await card.boundingBox()).toEqual(drawnBox);
  await expect(card).toContainText('a lighthouse drawn by the server');
  // Its thumbnails load now.
  await expect
    .poll(() =>
      card
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  // Live: the prompt takes text and the card's menu opens.
  const prompt = page.getByRole('textbox', { name: 'Prompt', exact: true });
  await prompt.fill('typed once live');
  await expect(page.getByText('15 / 8,192')).toBeVisible();
  await card.getByRole('button', { name: 'More actions for image 1' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(errors).toEqual([]);
});

test('another page opened at `/` shows none of the drawn Create page', async ({ page }) => {
  await made(page, 'a card not for the library');
  const release = await holdScripts(page);
  await page.goto(`${drawing.url}/#/library`, { waitUntil: 'commit' });
  await expect(page.locator('#root header').first()).toContainText('Studio');
  await expect(page.locator('#root main')).toBeHidden();
  release();
  await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  await expect(page.locator('#root main')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create', level: 1 })).toHaveCount(0);
});

test('the feed comes with the first render, and a feed that hangs does not hold the page', async ({
  page,
}) => {
  await page.addInitScript(WATCH_PLACEHOLDER);
  // The feed as the studio gives it, answered at once from here: what is tested is what
  // the page does with an answer inside the wait, not how fast a busy machine serves it.
  const feedAnswer = await page.request.get(feedPath());
  await page.route(`**${feedPath()}`, (route) => route.fulfill({ response: feedAnswer }));
  await page.goto('/#/create');
  const card = page.getByRole('feed', { name: 'Jobs' }).getByRole('article').first();
  const empty = page.getByText('No jobs yet.', { exact: false });
  await expect(card.or(empty)).toBeVisible();
  expect(await placeholderSeen(page)).toBe(false);

  // The feed's request never answered: the page is there anyway, the placeholder in its place.
  await page.unrouteAll();
  await page.route('**/studio-api/jobs?limit=*', () => undefined);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Prompt', exact: true })).toBeVisible();
  await expect(page.getByLabel('Loading jobs')).toBeVisible();
  expect(await placeholderSeen(page)).toBe(true);
});
