import { expect, test } from '@playwright/test';
import { createGrid, expectNoSidewaysScroll, expectWithinWidth } from './screen-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a phone: prompt, grid, upscale, library and account, never wider than the screen', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await expectWithinWidth(page, page.getByRole('button', { name: 'Generate' }));
  await expectNoSidewaysScroll(page, 'Create, empty');
  // The prompt's length sits clear of the flag helpers.
  const count = await page.locator('#prompt-count').boundingBox();
  const stylize = await page.getByRole('spinbutton', { name: /stylize/i }).boundingBox();
  expect(count && stylize && count.y >= stylize.y + stylize.height).toBe(true);

  const job = await createGrid(page, 'a harbour at dawn --ar 16:9');
  await expectNoSidewaysScroll(page, 'Create, with a grid');
  await expectWithinWidth(page, job);

  await job.getByRole('button', { name: 'U2', exact: true }).tap();
  const upscale = page.getByRole('article', { name: /upscale/i }).first();
  await expect(upscale.locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );
  await expectNoSidewaysScroll(page, 'Create, with an upscale');
  await page.screenshot({ path: 'docs/mobile.png' });

  // The upscale's own page, where the account page's links lead.
  const domId = await upscale.getAttribute('id');
  await page.goto(`/#/job?id=${domId?.replace(/^job-/, '') ?? ''}`);
  await expect(page.getByRole('heading', { name: 'Job', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: /upscale/i })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Job');

  for (const name of ['Tools', 'Library', 'Account']) {
    await nav.getByRole('link', { name }).tap();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    if (name === 'Library') await expect(page.getByRole('article').first()).toBeVisible();
    if (name === 'Account') await expect(page.getByText(/available/i).first()).toBeVisible();
    await expectNoSidewaysScroll(page, name);
  }
});
