import { expect, test } from '@playwright/test';
import { axeProblems } from './screen-helpers';

/**
 * A stand-in for the browser's Notification, installed before the page loads: it grants
 * permission when asked and records what was shown, so the spec can see both.
 */
function fakeNotifications() {
  const shown: { title: string; body: string }[] = [];
  const asked: string[] = [];
  class FakeNotification {
    static permission = 'default';
    static requestPermission() {
      asked.push(new Error().stack ?? '');
      FakeNotification.permission = 'granted';
      return Promise.resolve('granted');
    }
    constructor(title: string, options: { body?: string } = {}) {
      shown.push({ title, body: options.body ?? '' });
    }
  }
  Object.assign(window, { Notification: FakeNotification, __shown: shown, __asked: asked });
}

/** Page Visibility as if the person had switched to another tab (or back). */
const setHidden = (hidden: boolean) => {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  Object.defineProperty(document, 'visibilityState', {
    value: hidden ? 'hidden' : 'visible',
    configurable: true,
  });
  document.dispatchEvent(new Event('visibilitychange'));
};

test('job ends are announced, counted in the title while hidden, and notified', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(fakeNotifications);
  await page.goto('/#/account');
  // Nothing is asked on load: only the switch asks, from its click.
  expect(await page.evaluate(() => (window as unknown as { __asked: string[] }).__asked)).toEqual(
    [],
  );
  const toggle = page.getByRole('switch', { name: 'Notify me when jobs end' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(
    await page.evaluate(() => (window as unknown as { __asked: string[] }).__asked.length),
  ).toBe(1);

  await page.goto('/#/create');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('an owl on a fence post');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page).toHaveTitle(/^\(1 running\) /);
  await page.evaluate(setHidden, true);

  const region = page.getByTestId('job-announcer');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText('Finished: diffusion: an owl on a fence post.', {
    timeout: 30_000,
  });
  await expect(page).toHaveTitle(/^\(1 done\) /);
  const shown = await page.evaluate(
    () => (window as unknown as { __shown: { title: string; body: string }[] }).__shown,
  );
  expect(shown).toEqual([
    { title: 'Job finished', body: 'Finished: diffusion: an owl on a fence post.' },
  ]);

  await page.evaluate(setHidden, false);
  await expect(page).toHaveTitle('Studio');
});

test('a job that ends out of sight gets a toast with a link to its card, and focus stays put', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/#/create');
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await prompt.fill('a lantern in the snow');
  await page.getByRole('button', { name: 'Generate' }).click();
  // Away to another page before it ends: its card is not on screen.
  const account = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account' });
  await account.click();
  await account.focus();
  const toasts = page.getByRole('region', { name: 'Finished jobs' });
  const toast = toasts.getByTestId('job-toast');
  await expect(toast).toHaveText(/Finished: diffusion: a lantern in the snow\./, {
    timeout: 30_000,
  });
  // A toast is not announced twice (the live region does that) and takes no focus.
  await expect(toasts.locator('[aria-live]')).toHaveCount(0);
  await expect(account).toBeFocused();
  // In both themes.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect(await axeProblems(page, 'section[aria-label="Finished jobs"]'), theme).toEqual([]);
  }

  await toast.getByRole('link', { name: 'Show the job' }).click();
  await expect(page.getByRole('heading', { name: 'Job', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('article', { name: /diffusion: a lantern in the snow/i }),
  ).toBeVisible();
  await expect(toast).toHaveCount(0);

  // A job whose card stays in view gets no toast; one left behind does, and is dismissed.
  await page.goto('/#/create');
  await prompt.fill('a kite over the dunes');
  await page.getByRole('button', { name: 'Generate' }).click();
  const kite = page.getByRole('article', { name: /diffusion: a kite over the dunes/i });
  await expect(kite.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  await expect(toast).toHaveCount(0);
  await prompt.fill('a boat at the quay');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(toast).toHaveText(/Finished: diffusion: a boat at the quay\./, { timeout: 30_000 });
  await toast.getByRole('button', { name: /^Dismiss: Finished: diffusion: a boat/ }).click();
  await expect(toast).toHaveCount(0);
});
