/**
 * The magnetic lasso on a 2048×2048 image (a grid's upscale), in headless Chromium against
 * a real studio on fresh data directories (`npm run build` first: the studio serves
 * `dist/web`).
 * - How long the image's edge map takes to be found once the tool is chosen (in the
 *   selection worker; the lasso draws freehand until then).
 * - A drag with the button held once round a circle about the stage's centre, back to
 *   where it began, so it closes: the requestAnimationFrame intervals meanwhile (p50,
 *   p95, max; target p95 ≤ 16.7 ms), the main thread's busy time per frame, and from letting go
 *   at the start to the mask shown.
 * Measured and reported; nothing is asserted.
 */
import type { Page } from '@playwright/test';
import type { Frames } from './canvas-paint';
import {
  framesOf,
  openLargeImage,
  START_SAMPLING,
  STOP_SAMPLING,
  taskSeconds,
  withStudioBrowser,
} from './canvas-paint';

export interface LassoResult {
  browser: string;
  image: { width: number; height: number };
  edgesMs: number;
  moves: number;
  interval: Frames;
  busyMsPerFrame: number;
  closeMs: number;
  target: number;
}

/** Until the stage says the edge map is there (a minute at most). */
const EDGES_READY = `new Promise((done, fail) => {
  const stage = document.querySelector('[data-testid="editor-stage"]');
  const t0 = performance.now();
  const check = () => stage.getAttribute('data-edges') === 'ready'
    ? done(performance.now() - t0)
    : performance.now() - t0 > 60000
      ? fail(new Error('no edge map: ' + stage.getAttribute('data-edges')))
      : setTimeout(check, 5);
  check();
})`;

/** The frame after the document took the shape: from the pointer let go to it drawn. */
const SHAPE_SHOWN = `new Promise((done, fail) => {
  const stage = document.querySelector('[data-testid="editor-stage"]');
  const t0 = performance.now();
  const check = () => stage.getAttribute('data-mask-ops') !== '0'
    ? requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)))
    : performance.now() - t0 > 10000
      ? fail(new Error('the drag did not close the shape'))
      : requestAnimationFrame(check);
  check();
})`;

async function circle(page: Page, moves: number): Promise<(i: number) => [number, number]> {
  const box = await page.getByTestId('editor-stage').boundingBox();
  if (!box) throw new Error('no stage');
  const r = Math.min(box.width, box.height) * 0.3;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return (i) => {
    const a = (i / moves) * 2 * Math.PI;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  };
}

export const benchLasso = (moves = 360): Promise<LassoResult> =>
  withStudioBrowser('lasso-bench', async (browser, url, label) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Not cross-origin isolated, as in mask-tools.ts: so the edge map is found in the worker.
    await openLargeImage(page, url);
    const view = await page.getByTestId('editor-stage').getAttribute('data-viewport');
    const image = (JSON.parse(view ?? '{}') as { image: { width: number; height: number } }).image;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const ready = page.evaluate<number>(EDGES_READY);
    await page.keyboard.press('g');
    const edgesMs = await ready;
    await page.waitForTimeout(250);

    const at = await circle(page, moves);
    const before = await taskSeconds(cdp);
    await page.evaluate(START_SAMPLING);
    await page.mouse.move(...at(0));
    await page.mouse.down();
    for (let i = 1; i <= moves; i++) await page.mouse.move(...at(i));
    const shown = page.evaluate<number>(SHAPE_SHOWN);
    await page.mouse.up();
    const closeMs = await shown;
    const times = await page.evaluate<number[]>(STOP_SAMPLING);
    const busy = (await taskSeconds(cdp)) - before;
    const intervals = times.slice(1).map((t, i) => t - (times[i] ?? t));
    return {
      browser: label,
      image,
      edgesMs,
      moves,
      interval: framesOf(intervals),
      busyMsPerFrame: (busy * 1000) / Math.max(1, intervals.length),
      closeMs,
      target: 16.7,
    };
  });

const ms = (t: number) => `${t.toFixed(1)} ms`;

/** The figures as the benchmark's tables. */
export function printLasso(r: LassoResult): void {
  const { width, height } = r.image;
  const f = r.interval;
  console.log(`\nbrowser: ${r.browser}`);
  console.log(`\n| magnetic lasso on ${width}×${height}, headless Chromium | figure |`);
  console.log('|---|---|');
  console.log(`| edge map found, after the tool is chosen | ${ms(r.edgesMs)} |`);
  console.log(
    `| drag of ${r.moves} moves round a circle: rAF interval p50 / p95 / max | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)} (target p95 ≤ ${r.target} ms) |`,
  );
  console.log(`| frames drawn late (> 25 ms) of ${f.frames} | ${f.late} |`);
  console.log(`| main thread busy per frame | ${ms(r.busyMsPerFrame)} |`);
  console.log(`| back at the start: let go to the mask shown | ${ms(r.closeMs)} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printLasso(await benchLasso());
}
