import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '@/web/lib/theme-script';

/**
 * The first paint is in the person's theme: index.html's frame is on screen before the
 * app's script has run (and, on a slow device, for a good part of a second), so the theme
 * is set by index.html's own head script (src/web/lib/theme-script.ts), which the studio's
 * Content-Security-Policy allows by its hash. Before it, a light theme showed the dark frame
 * until the app started.
 */

type Scheme = 'light' | 'dark';

/** The page's theme and background: with `appBlocked`, as index.html alone paints them. */
async function painted(page: Page, appBlocked: boolean) {
  if (appBlocked) await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  if (appBlocked) await expect(page.locator('#root header')).toBeVisible();
  else await expect(page.locator('main#main')).toBeVisible();
  const seen = await page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
  await page.unrouteAll();
  return seen;
}

const cases: { system: Scheme; stored: string | null; theme: Scheme }[] = [
  { system: 'light', stored: null, theme: 'light' },
  { system: 'dark', stored: null, theme: 'dark' },
  { system: 'light', stored: 'dark', theme: 'dark' },
  { system: 'dark', stored: 'light', theme: 'light' },
  { system: 'light', stored: 'system', theme: 'light' },
];

for (const { system, stored, theme } of cases) {
  test(`the frame is painted ${theme}, the browser preferring ${system}, the choice ${stored ?? 'never made'}`, async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.emulateMedia({ colorScheme: system });
    if (stored !== null) {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        stored,
      ] as const);
    }
    const frame = await painted(page, true);
    const app = await painted(page, false);
    expect(frame.theme).toBe(theme);
    expect(app.theme).toBe(theme);
    // What index.html paints first is in the colours the app then shows.
    expect(frame.background).toBe(app.background);
    expect(refused).toEqual([]);
  });
}
