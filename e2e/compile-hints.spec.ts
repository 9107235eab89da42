import { expect, test } from '@playwright/test';
import { COMPILE_HINT } from '../scripts/compile-hints';

/** A built script's chunk name: its file's name without the 8-character hash. */
const chunkOf = (url: string) =>
  (new URL(url).pathname.split('/').pop() ?? '').replace(/-[\w-]{8}\.js$/, '');

/**
 * The scripts the first screen runs come with V8's compile hint on their first line, as the
 * browser gets them (compressed by the build, decoded by the browser), so each is compiled
 * whole while it loads rather than function by function during the first render
 * (scripts/compile-hints.ts). The scripts fetched later do not.
 */
test('the first screen’s scripts are served with the compile hint, the later ones without', async ({
  page,
}) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    if (response.ok() && new URL(response.url()).pathname.endsWith('.js'))
      loaded.add(response.url());
  });
  await page.goto('/');
  await expect(page.locator('main#main')).toBeVisible();
  const firstScreen = ['answer-schemas', 'first-page'];
  await expect
    .poll(() => [...loaded].filter((url) => firstScreen.includes(chunkOf(url))))
    .toHaveLength(2);

  // As the browser gets them: each is asked for again, compressed, and decoded.
  const scripts = new Map<string, string>();
  for (const url of loaded) {
    const answer = await page.request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    scripts.set(url, (await answer.text()).split('\n')[0] ?? '');
  }
  const hinted = [...scripts].filter(([, line]) => line === COMPILE_HINT).map(([url]) => url);
  expect(hinted.map(chunkOf).sort()).toEqual(firstScreen);
  expect(scripts.size).toBeGreaterThan(hinted.length);
});
