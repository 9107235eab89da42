import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { cardImageOriginal, originalOf } from './card-images';
import { createGrid, expectCompleted } from './screen-helpers';

// A 2x screen, where a card's tile needs more than the gallery's 384 px thumbnail.
test.use({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });

const FULL_FILE = /^\/media\/[^/]+\/(grid|\d+)$/;
const pathOf = (url: string) => new URL(url).pathname;

/** Every media path the page asks for, in order. */
function mediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const p = pathOf(req.url());
    if (p.startsWith('/media/')) seen.push(p);
  });
  return seen;
}

interface Shown {
  /** The thumbnail the browser chose, its pixels and bytes. */
  chosen: string;
  px: { width: number; height: number };
  bytes: number;
  /** The original's pixels and bytes. */
  full: { width: number; height: number; bytes: number };
  /** The tile's width in CSS px. */
  cssWidth: number;
}

/** What a card image shows, once loaded, against the original it stands for. */
async function shown(page: Page, img: Locator): Promise<Shown> {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const chosen = pathOf(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
  const cssWidth = await img.evaluate((el: HTMLImageElement) => el.clientWidth);
  const thumb = await (await page.request.get(chosen)).body();
  const full = await (await page.request.get(await cardImageOriginal(img))).body();
  const [t, f] = await Promise.all([sharp(thumb).metadata(), sharp(full).metadata()]);
  expect(t.format).toBe('webp');
  expect(originalOf(chosen)).toBe(await cardImageOriginal(img));
  return {
    chosen,
    px: { width: t.width, height: t.height },
    bytes: thumb.length,
    full: { width: f.width, height: f.height, bytes: full.length },
    cssWidth,
  };
}

/** A thumbnail a tenth of the original's bytes or less, and sharp on this 2x screen. */
function expectSmallAndSharp(s: Shown): void {
  test.info().annotations.push({
    type: 'thumbnail',
    description: `${s.chosen}: ${s.px.width}×${s.px.height} ${s.bytes} B for a ${s.cssWidth} CSS px tile; original ${s.full.width}×${s.full.height} ${s.full.bytes} B (1/${(s.full.bytes / s.bytes).toFixed(0)})`,
  });
  expect(s.chosen).toMatch(/\/thumb(\/\d+)?$/);
  expect(s.bytes * 10).toBeLessThanOrEqual(s.full.bytes);
  // Chromium may take the size below when it is close (a geometric mean of the two), so
  // at least 1.4 device px per CSS px, or the whole original when it is smaller than that.
  expect(s.px.width).toBeGreaterThanOrEqual(Math.min(s.full.width, Math.floor(1.4 * s.cssWidth)));
  expect(s.px.width).toBeLessThanOrEqual(s.full.width);
}

test('cards load thumbnails fit for the tile, the full file only in the viewer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const requests = mediaRequests(page);
  await page.goto('/');

  const grid = await createGrid(page, 'a harbour crane at dusk --ar 16:9');
  const images = grid.getByRole('img', { name: /^Image \d of/ });
  await expect(images).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const s = await shown(page, images.nth(i));
    expect([s.full.width, s.full.height]).toEqual([1024, 576]);
    expectSmallAndSharp(s);
    // Larger than the gallery's thumbnail: a grid tile is wider than 192 CSS px.
    expect(s.px.width).toBeGreaterThan(384);
  }

  const batch = await createGrid(page, 'a paper boat on a pond --draft --v 7');
  const drafts = batch.getByRole('img', { name: /^Image \d of/ });
  await expect(drafts).toHaveCount(8);
  for (let i = 0; i < 8; i++) expectSmallAndSharp(await shown(page, drafts.nth(i)));

  await grid.getByRole('button', { name: 'U2', exact: true }).click();
  const upscale = page.getByRole('article', { name: /upscale/i }).first();
  await expectCompleted(upscale);
  const single = await shown(page, upscale.getByRole('img').first());
  expect([single.full.width, single.full.height]).toEqual([2048, 1152]);
  expectSmallAndSharp(single);

  // The browser asked for thumbnails only; no card loaded a full file.
  expect(requests.filter((p) => p.includes('/thumb')).length).toBeGreaterThanOrEqual(13);
  expect(requests.filter((p) => FULL_FILE.test(p))).toEqual([]);

  // The viewer shows the full file.
  const original = await cardImageOriginal(images.nth(2));
  await images.nth(2).click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer.getByRole('img')).toHaveAttribute('src', original);
  await expect
    .poll(() =>
      viewer.getByRole('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
    )
    .toBe(1024);
  expect(requests.filter((p) => FULL_FILE.test(p))).toEqual([original]);
});
