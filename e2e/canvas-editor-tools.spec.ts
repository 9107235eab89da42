import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { MaskArea } from '@/contract/requests/common';
import { screenPoint, stagePoint } from '@/web/features/canvas-editor/geometry/points';
import { screenToStage } from '@/web/features/canvas-editor/geometry/transforms';
import { rasteriseAreas } from '@/web/features/canvas-editor/mask/areas';
import { iou, rasterise } from '@/web/features/canvas-editor/mask/grid';
import { decode, drag, generate, openEditor, pageXY, toImage, viewOf } from './editor-helpers';
import type { View, XY } from './editor-helpers';
import { cardImageOriginal } from './card-images';

/**
 * The canvas editor's tools as a user meets them, against the real studio and engine:
 * lasso and polygon outlines reach the request as drawn, the image scaled with its
 * handles is placed exactly there by the engine, two fingers pan and zoom without
 * painting, the mask's display controls change what is seen, and Fit and 100% frame it.
 */
/**
 * A completed lighthouse job to open the editor on: the newest one in the studio's
 * history when an earlier test left one (the engine takes seconds per job), else a new one.
 */
async function lighthouse(page: Page): Promise<Locator> {
  await page.goto('/');
  await expect(page.getByRole('feed').first()).toBeAttached();
  const done = page
    .getByRole('article', { name: /diffusion: a lighthouse/i })
    .filter({ has: page.locator('[data-status="completed"]') })
    .first();
  if ((await done.count()) > 0) return done;
  return generate(page);
}

async function boxOf(stage: Locator) {
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage box');
  return box;
}

/** The screen point at fractions of the image as it is shown now. */
const onImage = (v: View, fx: number, fy: number): XY => [
  v.panX + (v.imgPos.x + fx * v.imgPos.width) * v.zoom,
  v.panY + (v.imgPos.y + fy * v.imgPos.height) * v.zoom,
];

/** A fresh context of the project's settings with some changed (touch, device pixels). */
async function contextWith(browser: Browser, options: BrowserContextOptions) {
  const { baseURL, viewport, userAgent } = test.info().project.use;
  return browser.newContext({ baseURL, viewport, userAgent, ...options });
}

const waitForCreate = (page: Page) =>
  page.waitForRequest((r) => r.url().endsWith('/studio-api/jobs') && r.method() === 'POST');

test('lasso, polygon and cutting rectangles are sent as the image-pixel polygons drawn', async ({
  page,
}) => {
  const job = await lighthouse(page);
  const { dialog, stage } = await openEditor(page, job, 'Vary region…', 'Vary region image 1');
  const summary = dialog.getByTestId('mask-summary');
  const v = await viewOf(stage);
  const box = await boxOf(stage);
  // Whole page pixels, so the points the editor reads are exactly the ones expected.
  const snap = (s: XY): XY => [Math.round(box.x + s[0]) - box.x, Math.round(box.y + s[1]) - box.y];
  const at = (fx: number, fy: number) => snap(onImage(v, fx, fy));

  // Lasso: a drag along a closed pentagon in the upper left of the image.
  await page.keyboard.press('l');
  await expect(dialog.getByRole('radio', { name: /Lasso/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const lasso = [at(0.1, 0.1), at(0.35, 0.08), at(0.42, 0.3), at(0.25, 0.42), at(0.08, 0.3)];
  await page.mouse.move(...(await pageXY(stage, ...lasso[0]!)));
  await page.mouse.down();
  for (const p of [...lasso.slice(1), lasso[0]!]) {
    await page.mouse.move(...(await pageXY(stage, ...p)), { steps: 8 });
  }
  await page.mouse.up();
  await expect(summary).toContainText('1 polygon');

  // Polygon closed with Enter. The clicks come quickly, right after the lasso: clicks in
  // different places are not a double-click, so none of them closes the polygon early.
  await page.keyboard.press('p');
  const byEnter = [at(0.6, 0.1), at(0.9, 0.12), at(0.85, 0.4), at(0.55, 0.35)];
  for (const p of byEnter) await page.mouse.click(...(await pageXY(stage, ...p)));
  await expect(summary).toContainText('1 polygon');
  await page.keyboard.press('Enter');
  await expect(summary).toContainText('2 polygons');

  // Polygon closed by double-clicking its last point.
  const byDoubleClick = [at(0.3, 0.6), at(0.7, 0.65), at(0.5, 0.9)];
  for (const p of byDoubleClick.slice(0, -1)) {
    await page.mouse.click(...(await pageXY(stage, ...p)));
  }
  await page.mouse.dblclick(...(await pageXY(stage, ...byDoubleClick[2]!)));
  await expect(summary).toContainText('3 polygons');

  // Rectangles that cut: one in Subtract mode, one in Add mode with Alt held (the other
  // mode), each taking a corner off a shape without splitting it.
  const rectDrag = async (a: XY, b: XY) => {
    await page.mouse.move(...(await pageXY(stage, ...a)));
    await page.mouse.down();
    await page.mouse.move(...(await pageXY(stage, ...b)), { steps: 6 });
    await page.mouse.up();
  };
  await page.keyboard.press('r');
  const mode = dialog.getByRole('radiogroup', { name: 'Shape mode' });
  await mode.getByRole('radio', { name: 'Subtract' }).click();
  const cutLasso = [at(0.3, 0.25), at(0.5, 0.5)] as const;
  const before = await summary.textContent();
  await rectDrag(...cutLasso);
  await expect(summary).not.toHaveText(before ?? '');
  await mode.getByRole('radio', { name: 'Add' }).click();
  const cutPolygon = [at(0.8, 0.3), at(0.95, 0.45)] as const;
  const beforeAlt = await summary.textContent();
  await page.keyboard.down('Alt');
  await rectDrag(...cutPolygon);
  await page.keyboard.up('Alt');
  await expect(summary).not.toHaveText(beforeAlt ?? '');
  await expect(summary).toContainText('3 polygons');

  const { width, height } = v.image;
  const cut = (r: readonly [XY, XY]) => ({
    type: 'shape' as const,
    kind: 'rect' as const,
    points: r.map((s) => toImage(v, s)),
    erase: true,
  });
  const expected = rasterise(
    [
      { type: 'shape', kind: 'lasso', points: lasso.map((s) => toImage(v, s)) },
      { type: 'shape', kind: 'polygon', points: byEnter.map((s) => toImage(v, s)) },
      { type: 'shape', kind: 'polygon', points: byDoubleClick.map((s) => toImage(v, s)) },
      cut(cutLasso),
      cut(cutPolygon),
    ],
    width,
    height,
  );

  await dialog.getByRole('textbox', { name: 'Remix prompt' }).fill('three paper kites');
  const sent = waitForCreate(page);
  await dialog.getByRole('button', { name: 'Vary region', exact: true }).click();
  const body = (await sent).postDataJSON() as {
    operation: string;
    params: { mask: { areas: MaskArea[] } };
  };
  expect(body.operation).toBe('inpaint');
  expect(body.params.mask.areas).toHaveLength(3);
  const score = iou(rasteriseAreas(body.params.mask.areas, width, height), expected);
  test.info().annotations.push({ type: 'mask IoU', description: score.toFixed(4) });
  expect(score).toBeGreaterThanOrEqual(0.98);
  await expect(dialog).toBeHidden();
});

test('edit: a corner handle scales the image keeping its ratio, and the engine places it there', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const job = await lighthouse(page);
  const parentUrl = await cardImageOriginal(job.getByRole('img', { name: /^Image 1 of/ }));
  const { dialog, stage } = await openEditor(page, job, 'Edit…', 'Edit image 1');
  await page.keyboard.press('v');
  await expect(dialog.getByRole('radio', { name: /Move image/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const v = await viewOf(stage);
  const ratio = v.imgPos.width / v.imgPos.height;
  // The transformer's bottom-right anchor sits on the image's corner; drag it inwards.
  const corner = onImage(v, 1, 1);
  await drag(page, stage, corner, [corner[0] - 140, corner[1] - 100]);
  await expect.poll(async () => (await viewOf(stage)).imgPos.width).toBeLessThan(v.imgPos.width);
  const { imgPos } = await viewOf(stage);
  test.info().annotations.push({ type: 'imgPos', description: JSON.stringify(imgPos) });
  // The opposite corner stays; the size keeps the ratio up to the whole-pixel rounding.
  expect([imgPos.x, imgPos.y]).toEqual([v.imgPos.x, v.imgPos.y]);
  expect(imgPos.width).toBeLessThan(v.imgPos.width * 0.95);
  expect(Math.abs(imgPos.width - imgPos.height * ratio)).toBeLessThanOrEqual(1);
  const preview = dialog.getByLabel('Canvas and image position');
  await expect
    .poll(async () => JSON.parse((await preview.textContent()) ?? '{}') as unknown)
    .toEqual({ canvas: { width: v.image.width, height: v.image.height }, imgPos });

  await dialog.getByRole('textbox', { name: 'Remix prompt' }).fill('a misty harbour');
  const sent = waitForCreate(page);
  await dialog.getByRole('button', { name: 'Edit image' }).click();
  const body = (await sent).postDataJSON() as { operation: string; params: { imgPos: unknown } };
  expect(body.operation).toBe('edit');
  expect(body.params.imgPos).toEqual(imgPos);

  const result = page.getByRole('article', { name: /^Job edit/i }).first();
  await expect(result.locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 60_000 },
  );
  const resultUrl = await cardImageOriginal(result.getByRole('img', { name: /^Image 1 of/ }));
  const out = await decode(page, resultUrl);
  expect([out.width, out.height]).toEqual([v.image.width, v.image.height]);
  const source = await (await page.request.get(parentUrl)).body();
  const scaled = await sharp(source)
    .removeAlpha()
    .resize(imgPos.width, imgPos.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  // Inside the placed image, a few pixels from its edges: the source, scaled, unchanged.
  const inset = 4;
  let diff = 0;
  let n = 0;
  for (let y = inset; y < imgPos.height - inset; y++) {
    for (let x = inset; x < imgPos.width - inset; x++) {
      const o = ((imgPos.y + y) * out.width + imgPos.x + x) * 3;
      const s = (y * imgPos.width + x) * 3;
      for (let c = 0; c < 3; c++) diff += Math.abs((out.data[o + c] ?? 0) - (scaled[s + c] ?? 0));
      n += 3;
    }
  }
  test.info().annotations.push({ type: 'mean diff', description: (diff / n).toFixed(3) });
  expect(diff / n).toBeLessThanOrEqual(3);
});

test('touch: two fingers pinch-zoom and pan without painting; one finger paints', async ({
  browser,
}) => {
  const context = await contextWith(browser, { hasTouch: true });
  const page = await context.newPage();
  try {
    const job = await lighthouse(page);
    const { dialog, stage } = await openEditor(page, job, 'Vary region…', 'Vary region image 1');
    const summary = dialog.getByTestId('mask-summary');
    const undo = dialog.getByRole('button', { name: 'Undo' });
    const cdp = await context.newCDPSession(page);
    const box = await boxOf(stage);
    const fingers = (...pts: XY[]) => pts.map(([x, y], id) => ({ x: box.x + x, y: box.y + y, id }));
    const touch = (type: 'touchStart' | 'touchMove', ...pts: XY[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: fingers(...pts) });
    const lift = () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    /** Moves every finger from `from` to `to` in `steps` even steps. */
    async function slide(from: XY[], to: XY[], steps = 10) {
      for (let i = 1; i <= steps; i++) {
        const pts = from.map(([x, y], k): XY => {
          const [tx, ty] = to[k]!;
          return [x + ((tx - x) * i) / steps, y + ((ty - y) * i) / steps];
        });
        await touch('touchMove', ...pts);
      }
    }

    // Pinch: fingers 100 px apart spread to 200 px around the same midpoint.
    const v0 = await viewOf(stage);
    const mid = onImage(v0, 0.45, 0.55);
    const spread = (d: number): XY[] => [
      [mid[0] - d / 2, mid[1]],
      [mid[0] + d / 2, mid[1]],
    ];
    await touch('touchStart', spread(100)[0]!);
    await touch('touchStart', ...spread(100));
    await slide(spread(100), spread(200));
    await lift();
    const v1 = await viewOf(stage);
    expect(v1.zoom / v0.zoom).toBeGreaterThan(2 * 0.95);
    expect(v1.zoom / v0.zoom).toBeLessThan(2 * 1.05);
    // The stage point that was under the midpoint is under it still.
    const anchor = screenToStage(screenPoint(...mid), { ...v0, dpr: 1 });
    const now = stagePoint(anchor.x * v1.zoom + v1.panX, anchor.y * v1.zoom + v1.panY);
    expect(Math.hypot(now.x - mid[0], now.y - mid[1])).toBeLessThanOrEqual(2);
    await expect(undo).toBeDisabled();

    // Two fingers moved together pan by the distance moved.
    const pair: XY[] = [
      [mid[0] - 60, mid[1] - 20],
      [mid[0] + 60, mid[1] + 20],
    ];
    const moved = pair.map(([x, y]): XY => [x + 70, y + 45]);
    await touch('touchStart', pair[0]!);
    await touch('touchStart', ...pair);
    await slide(pair, moved);
    await lift();
    const v2 = await viewOf(stage);
    expect(v2.zoom).toBeCloseTo(v1.zoom, 6);
    expect(Math.abs(v2.panX - v1.panX - 70)).toBeLessThanOrEqual(1);
    expect(Math.abs(v2.panY - v1.panY - 45)).toBeLessThanOrEqual(1);
    await expect(undo).toBeDisabled();

    // A stroke a second finger joins is dropped.
    const p: XY = [box.width / 2 - 120, box.height / 2];
    const q: XY = [p[0] + 100, p[1]];
    await touch('touchStart', p);
    await slide([p], [q]);
    await touch('touchStart', q, [q[0] + 80, q[1] + 60]);
    await slide(
      [q, [q[0] + 80, q[1] + 60]],
      [
        [q[0] + 10, q[1]],
        [q[0] + 90, q[1] + 60],
      ],
      4,
    );
    await lift();
    await expect(undo).toBeDisabled();
    await page.waitForTimeout(400); // longer than the plan's settle time
    await expect(summary).toHaveText('Nothing painted yet.');

    // One finger paints.
    await touch('touchStart', p);
    await slide([p], [q]);
    await lift();
    await expect(undo).toBeEnabled();
    await expect(summary).toContainText('polygon');
    await expect(summary).not.toHaveText('Nothing painted yet.');
  } finally {
    await context.close();
  }
});

/** Mean absolute difference per channel of two same-sized screenshots inside `r`. */
async function regionDiff(
  a: Buffer,
  b: Buffer,
  r: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const raw = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [pa, pb] = await Promise.all([raw(a), raw(b)]);
  const w = pa.info.width;
  let sum = 0;
  let n = 0;
  for (let y = Math.round(r.y); y < Math.round(r.y + r.height); y++) {
    for (let x = Math.round(r.x); x < Math.round(r.x + r.width); x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * w + x) * 3 + c;
        sum += Math.abs((pa.data[i] ?? 0) - (pb.data[i] ?? 0));
        n++;
      }
    }
  }
  return sum / n;
}

test('mask display: Show mask hides it, Opacity fades it; Invert, Clear and undo', async ({
  page,
}) => {
  const job = await lighthouse(page);
  const { dialog, stage } = await openEditor(page, job, 'Vary region…', 'Vary region image 1');
  const summary = dialog.getByTestId('mask-summary');
  const v = await viewOf(stage);
  const baseline = await stage.screenshot();

  await page.keyboard.press('r');
  const [x0, y0] = onImage(v, 0.2, 0.25);
  const [x1, y1] = onImage(v, 0.6, 0.55);
  await drag(page, stage, [x0, y0], [x1, y1]);
  await expect(summary).toContainText('1 polygon');
  // Inside the rectangle, clear of its outline.
  const inner = { x: x0 + 8, y: y0 + 8, width: x1 - x0 - 16, height: y1 - y0 - 16 };
  const seen = async () => regionDiff(await stage.screenshot(), baseline, inner);

  const half = await seen();
  const show = dialog.getByRole('checkbox', { name: 'Show mask' });
  await show.uncheck();
  const hidden = await seen();
  await show.check();
  const opacity = dialog.getByRole('slider', { name: 'Mask opacity' });
  await opacity.fill('0.1');
  const faint = await seen();
  await opacity.fill('1');
  const full = await seen();
  test.info().annotations.push({
    type: 'mask visibility (mean abs diff from the unpainted stage)',
    description: `hidden ${hidden.toFixed(2)}, 0.1 ${faint.toFixed(2)}, 0.5 ${half.toFixed(2)}, 1 ${full.toFixed(2)}`,
  });
  expect(hidden).toBeLessThan(0.5);
  expect(faint).toBeGreaterThan(hidden + 1);
  expect(half).toBeGreaterThan(faint + 5);
  expect(full).toBeGreaterThan(half + 5);
  // Linear in the opacity: the mask is drawn over the image with the layer's alpha.
  expect(full / half).toBeCloseTo(2, 0);

  const share = async () => Number(/^([\d.]+)%/.exec((await summary.textContent()) ?? '')?.[1]);
  const painted = await share();
  expect(painted).toBeGreaterThan(5);
  await dialog.getByRole('button', { name: 'Invert' }).click();
  await expect(summary).not.toContainText(`${painted.toFixed(1)}%`);
  await expect(summary).toContainText('% of the image');
  const inverted = await share();
  expect(inverted).toBeCloseTo(100 - painted, 0);
  const invertedText = await summary.textContent();

  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(summary).toHaveText('Nothing painted yet.');
  await expect(dialog.getByRole('button', { name: 'Clear' })).toBeDisabled();
  await page.keyboard.press('Control+z');
  await expect(summary).toHaveText(invertedText ?? '');
});

/** The zoom and centring that show the canvas whole, with the editor's 24 px margin. */
function expectFitted(v: View, box: { width: number; height: number }) {
  const zoom = Math.min((box.width - 48) / v.image.width, (box.height - 48) / v.image.height);
  expect(v.zoom).toBeCloseTo(zoom, 6);
  expect(v.panX).toBeCloseTo((box.width - v.image.width * zoom) / 2, 6);
  expect(v.panY).toBeCloseTo((box.height - v.image.height * zoom) / 2, 6);
  expect(Math.min(v.panX, v.panY)).toBeGreaterThanOrEqual(24 - 1e-6);
}

/** 100%: the given zoom, the canvas centred in the stage. */
function expectActualSize(v: View, box: { width: number; height: number }, zoom: number) {
  expect(v.zoom).toBeCloseTo(zoom, 6);
  expect(v.panX).toBeCloseTo((box.width - v.image.width * zoom) / 2, 6);
  expect(v.panY).toBeCloseTo((box.height - v.image.height * zoom) / 2, 6);
}

test('zoom buttons: Fit shows the whole canvas, 100% is one image pixel per pixel', async ({
  page,
}) => {
  const job = await lighthouse(page);
  const { stage } = await openEditor(page, job, 'Vary region…', 'Vary region image 1');
  const box = await boxOf(stage);
  expect(await page.evaluate(() => window.devicePixelRatio)).toBe(1);
  expectFitted(await viewOf(stage), box);

  // Zoom in somewhere off-centre, then Fit brings the whole canvas back.
  await page.mouse.move(box.x + 100, box.y + 80);
  await page.mouse.wheel(0, -800);
  await expect.poll(async () => (await viewOf(stage)).zoom).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Fit' }).click();
  expectFitted(await viewOf(stage), box);

  await page.getByRole('button', { name: '100%' }).click();
  expectActualSize(await viewOf(stage), box, 1);
  await expect(page.getByRole('status', { name: 'Zoom' })).toHaveText('100%');
});

test('zoom buttons: 100% at device pixel ratio 2 is one image pixel per device pixel', async ({
  browser,
}) => {
  const context = await contextWith(browser, { deviceScaleFactor: 2 });
  const page = await context.newPage();
  try {
    const job = await lighthouse(page);
    const { stage } = await openEditor(page, job, 'Vary region…', 'Vary region image 1');
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(2);
    const box = await boxOf(stage);
    await page.getByRole('button', { name: '100%' }).click();
    expectActualSize(await viewOf(stage), box, 0.5);
  } finally {
    await context.close();
  }
});
