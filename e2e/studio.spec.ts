import { expect, test, type Locator } from '@playwright/test';
import { watchForUuids } from './uuid-watch';

const PROMPT = 'a lighthouse in a storm --ar 16:9';

async function naturalSize(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({ w: el.naturalWidth, h: el.naturalHeight }));
}

test('prompt to grid to upscale on the embedded engine, with no job UUID in the browser', async ({
  page,
}) => {
  const watch = watchForUuids(page);
  await page.goto('/');

  await page.getByRole('textbox', { name: /prompt/i }).fill(PROMPT);
  await page.getByRole('button', { name: 'Generate' }).click();

  const job = page.getByRole('article', { name: /diffusion: a lighthouse in a storm/i }).first();
  const status = job.locator('[data-status]').first();
  await expect(status).toBeAttached();
  // Every state the card shows, as it shows it: pushed updates can replace `pending`
  // within milliseconds, so the sequence is recorded rather than sampled.
  await status.evaluate((el) => {
    const seen = [el.getAttribute('data-status') ?? ''];
    (window as unknown as { seenStates: string[] }).seenStates = seen;
    new MutationObserver(() => seen.push(el.getAttribute('data-status') ?? '')).observe(el, {
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  const seen = await page.evaluate(
    () => (window as unknown as { seenStates: string[] }).seenStates,
  );
  const order = ['pending', 'staged', 'processing', 'completed'];
  expect(order.slice(0, 3)).toContain(seen[0]);
  expect(seen).toContain('processing');
  expect(seen.at(-1)).toBe('completed');
  const ranks = seen.map((s) => order.indexOf(s));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

  const images = job.getByRole('img', { name: /Image \d of/ });
  await expect(images).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const { w, h } = await naturalSize(images.nth(i));
    expect(w).toBe(1024);
    expect(h).toBe(576);
    const box = await images.nth(i).boundingBox();
    expect(box && box.width / box.height).toBeCloseTo(16 / 9, 1);
  }
  await page.setViewportSize({ width: 1440, height: 1200 });
  await page.screenshot({ path: 'docs/screenshot.png' });

  await job.getByRole('button', { name: 'U2', exact: true }).click();
  const upscale = page.getByRole('article', { name: /upscale/i }).first();
  await expect(upscale).toBeVisible();
  await expect(upscale).toContainText(/U2/);
  await expect(upscale.locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );
  const big = upscale.getByRole('img').first();
  expect(await naturalSize(big)).toEqual({ w: 2048, h: 1152 });

  // A reload keeps the history.
  await page.reload();
  await expect(page.getByRole('article', { name: /upscale/i }).first()).toBeVisible();
  await expect(
    page.getByRole('article', { name: /diffusion: a lighthouse in a storm/i }).first(),
  ).toBeVisible();

  const { leaks, requests, bodies } = await watch.report();
  expect(requests).toBeGreaterThan(5);
  expect(bodies).toBeGreaterThan(3);
  expect(leaks).toEqual([]);
  expect(page.url()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
});
