import { expect, test, type Page } from '@playwright/test';
import { feedPath } from '@/web/jobs/api/feed-path';

/**
 * The Create page's first render waits a moment for the feed (src/web/main.tsx), so the
 * jobs come with the page rather than after a placeholder; a feed that does not answer
 * holds it up no longer than that moment.
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
