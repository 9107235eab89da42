import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { cardImageOriginal } from './card-images';
import { docsScreenshot } from './screen-helpers';
import { watchForUuids } from './uuid-watch';

const PROMPT = 'a lighthouse in a storm --ar 16:9';

/** Waits until a card image has loaded (its thumbnail), then gives its original's size. */
async function originalSize(page: Page, img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const file = await (await page.request.get(await cardImageOriginal(img))).body();
  const { width, height } = await sharp(file).metadata();
  return { w: width, h: height };
}

/** What the card showed: its status badge and whether a progress bar was visible. */
interface Shown {
  status: string;
  bar: boolean;
}

/** Records into `window.seen` every change of what the card named `name` shows. */
async function recordCard(page: Page, name: RegExp): Promise<void> {
  await page.evaluate(
    ({ source, flags }) => {
      const label = new RegExp(source, flags);
      const seen: Shown[] = [];
      (window as unknown as { seen: Shown[] }).seen = seen;
      const look = () => {
        const card = [...document.querySelectorAll('article')].find((a) =>
          label.test(a.getAttribute('aria-label') ?? ''),
        );
        if (!card) return;
        const status = card.querySelector('[data-status]')?.getAttribute('data-status') ?? '';
        const bar = (card.querySelector('[role="progressbar"]')?.clientHeight ?? 0) > 0;
        const last = seen.at(-1);
        if (last?.status !== status || last.bar !== bar) seen.push({ status, bar });
      };
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-status'],
      });
    },
    { source: name.source, flags: name.flags },
  );
}

test('prompt to grid to upscale on the embedded engine, with no job UUID in the browser', async ({
  page,
}) => {
  const watch = watchForUuids(page);
  await page.goto('/');

  await page.getByRole('textbox', { name: /prompt/i }).fill(PROMPT);
  // Every state the card shows, from before it exists: pushed updates can replace
  // `pending` within milliseconds and the engine runs a job for 2.5 s, which a slow
  // machine spends between two checks, so the sequence is recorded rather than sampled.
  await recordCard(page, /diffusion: a lighthouse in a storm/i);
  await page.getByRole('button', { name: 'Generate' }).click();

  const job = page.getByRole('article', { name: /diffusion: a lighthouse in a storm/i }).first();
  const status = job.locator('[data-status]').first();
  await expect(status).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { seen: Shown[] }).seen);
  const order = ['pending', 'staged', 'processing', 'completed'];
  const states = seen.map((s) => s.status);
  expect(order.slice(0, 3)).toContain(states[0]);
  expect(states).toContain('processing');
  // States never go back but in one case the studio accepts (job-mutations.ts): a pushed
  // `processing` that beats the create's own answer, which shows `pending` until the next
  // event. Only that first step is forgiven.
  if (states[0] === 'processing' && states[1] === 'pending') states.shift();
  const ranks = states.map((s) => order.indexOf(s));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // A visible progress bar while it runs, none once it is done.
  expect(seen.filter((s) => s.status !== 'completed').every((s) => s.bar)).toBe(true);
  expect(seen.at(-1)).toEqual({ status: 'completed', bar: false });

  const images = job.getByRole('img', { name: /Image \d of/ });
  await expect(images).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const { w, h } = await originalSize(page, images.nth(i));
    expect(w).toBe(1024);
    expect(h).toBe(576);
    const box = await images.nth(i).boundingBox();
    expect(box && box.width / box.height).toBeCloseTo(16 / 9, 1);
  }
  await page.setViewportSize({ width: 1440, height: 1200 });
  await docsScreenshot(page, 'screenshot.png');

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
  expect(await originalSize(page, big)).toEqual({ w: 2048, h: 1152 });

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
