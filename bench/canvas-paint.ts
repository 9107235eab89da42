/**
 * The canvas editor on a 2048×2048 image (a grid's upscale), in headless Chromium against
 * a real studio on fresh data directories. The studio serves `dist/web`: run
 * `npm run build` first.
 * - Frame interval at 60 Hz during a long scripted stroke: p50, p95, the longest, and how
 *   many frames came late (> 25 ms). Target (issue 6): p95 under 16.7 ms. The page is
 *   made cross-origin isolated (COOP/COEP on the benchmark's responses only), so
 *   `performance.now()` has 5 µs resolution instead of 100 µs: an on-time 60 Hz frame
 *   reads 16.67 ms, not 16.7.
 * - Main-thread work per frame during that stroke (Chromium's TaskDuration over the
 *   stroke, divided by its frames): how much of the 16.7 ms budget painting uses.
 * - A long history: the same after 20 and after 300 earlier strokes, the longest frame
 *   while those strokes were painted, the JS heap after a forced collection, and how long
 *   five undos in a row take to show. The editor flattens its oldest 100 ops into the base
 *   mask, in a worker, when there are more than 200: after the 201st stroke, and after the
 *   measured 301st, so the first undo after it crosses a flattening.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { chooseChromium } from '../e2e/chromium';
import { startStudio } from '@/main';

export interface Frames {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Intervals longer than 25 ms (1.5 frames of 60 Hz): frames drawn late. */
  late: number;
}

export interface HistoryPoint {
  /** Strokes already in the document when the measured stroke is drawn. */
  historyStrokes: number;
  /** requestAnimationFrame intervals during the measured stroke. */
  interval: Frames;
  /** Main-thread task time per frame during the measured stroke (mean). */
  busyMsPerFrame: number;
  /**
   * While the earlier strokes were painted: the longest frame, how many took > 50 ms, and
   * of those how many the page's own work made long (blocking its thread for any time),
   * with the longest such block.
   */
  growth: {
    longestFrameMs: number;
    longFrames: number;
    blockedFrames: number;
    longestBlockMs: number;
  };
  /** JS heap after a forced garbage collection, before the measured stroke. */
  heapMB: number;
  /** Five undos in a row after the measured stroke: Ctrl+Z to the next frame drawn. */
  undoMs: { p50: number; max: number };
}

export interface CanvasPaintResult {
  /** Which browser measured (as E2E_CHROMIUM chose it) and the version it reports. */
  browser: string;
  image: { width: number; height: number };
  /** Pointer moves in the measured stroke. */
  moves: number;
  /** Whether performance.now() had its fine resolution (the page was cross-origin isolated). */
  fineClock: boolean;
  points: HistoryPoint[];
  target: number;
  met: boolean;
}

const UNDOS = 5;

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

export const framesOf = (intervals: number[]): Frames => ({
  frames: intervals.length,
  p50: quantile(intervals, 0.5),
  p95: quantile(intervals, 0.95),
  max: Math.max(...intervals),
  late: intervals.filter((t) => t > 25).length,
});

/** A grid, then U1: the engine's upscale of a 1024 px image is 2048 px. */
export async function openLargeImage(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a harbour at dawn');
  await page.getByRole('button', { name: 'Generate' }).click();
  const grid = page.getByRole('article', { name: /diffusion: a harbour/i }).first();
  await grid.locator('[data-status="completed"]').first().waitFor({ timeout: 60_000 });
  await grid.getByRole('group', { name: 'Upscale' }).getByRole('button', { name: 'U1' }).click();
  const up = page.getByRole('article', { name: /upscale/i }).first();
  await up.locator('[data-status="completed"]').first().waitFor({ timeout: 60_000 });
  await up.getByRole('button', { name: 'More actions for image 1' }).click();
  await page.getByRole('menuitem', { name: 'Vary region…' }).click();
  await page.getByTestId('editor-stage').locator('canvas').first().waitFor();
}

/** A spiral of `moves` pointer moves around the stage's centre, with the button held. */
async function stroke(page: Page, moves: number, turn: number): Promise<void> {
  const box = await page.getByTestId('editor-stage').boundingBox();
  if (!box) throw new Error('no stage');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const at = (i: number): [number, number] => {
    const a = (i / 40) * Math.PI + turn;
    const r = 30 + (i / moves) * Math.min(box.width, box.height) * 0.4;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  };
  await page.mouse.move(...at(0));
  await page.mouse.down();
  for (let i = 1; i < moves; i++) await page.mouse.move(...at(i));
  await page.mouse.up();
}

// Passed as source text: tsx would wrap a named inner function in a helper the page lacks.
export const START_SAMPLING = `(() => {
  window.frames_ = [];
  window.stop_ = false;
  const tick = (t) => { window.frames_.push(t); if (!window.stop_) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;
export const STOP_SAMPLING = '(() => { window.stop_ = true; return window.frames_; })()';
// Frames over 50 ms, as Chromium's Long Animation Frames API reports them: how long each
// took, and for how long the page's own work (scripts, style, layout) blocked its thread.
// A long frame that blocked nothing was the machine's doing (the renderer descheduled by
// other processes on a loaded machine), not the editor's.
const WATCH_LONG_FRAMES = `(() => {
  window.long_ = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.long_.push([e.duration, e.blockingDuration]);
  }).observe({ type: 'long-animation-frame' });
})()`;
const TAKE_LONG_FRAMES = '(() => { const l = window.long_; window.long_ = []; return l; })()';
// Ctrl+Z as the editor receives it, each timed until the frame after it has been drawn
// (React renders it after the handler returns, Konva draws it in the next frame); then as
// many redos, so the history keeps growing from the same strokes.
const TIME_UNDOS = `(async () => {
  const press = (shift) => window.dispatchEvent(new KeyboardEvent('keydown', {
    key: shift ? 'Z' : 'z', code: 'KeyZ', ctrlKey: true, shiftKey: shift, bubbles: true }));
  const drawn = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const shown = [];
  for (let i = 0; i < ${UNDOS}; i++) {
    const t0 = performance.now();
    press(false);
    await drawn();
    shown.push(performance.now() - t0);
  }
  for (let i = 0; i < ${UNDOS}; i++) { press(true); await drawn(); }
  return shown;
})()`;

/** The studio's HTML and scripts with COOP/COEP added: a cross-origin isolated page. */
async function isolate(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/' || url.pathname.startsWith('/assets/'),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
        },
      });
    },
  );
}

export async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
}

async function measure(s: Session, moves: number): Promise<{ interval: Frames; busy: number }> {
  const before = await taskSeconds(s.cdp);
  await s.page.evaluate(START_SAMPLING);
  await stroke(s.page, moves, 0);
  const times = await s.page.evaluate<number[]>(STOP_SAMPLING);
  const busy = (await taskSeconds(s.cdp)) - before;
  const intervals = times.slice(1).map((t, i) => t - (times[i] ?? t));
  return { interval: framesOf(intervals), busy: (busy * 1000) / Math.max(1, intervals.length) };
}

async function heapMB(s: Session): Promise<number> {
  await s.cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await s.cdp.send('Runtime.getHeapUsage');
  return usedSize / 2 ** 20;
}

interface Session {
  page: Page;
  cdp: CDPSession;
  image: { width: number; height: number };
  strokes: number;
  fineClock: boolean;
}

async function openSession(browser: Browser, url: string): Promise<Session> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await isolate(page);
  await openLargeImage(page, url);
  const view = await page.getByTestId('editor-stage').getAttribute('data-viewport');
  const image = (JSON.parse(view ?? '{}') as { image: { width: number; height: number } }).image;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.evaluate(WATCH_LONG_FRAMES);
  const fineClock = await page.evaluate<boolean>('crossOriginIsolated');
  return { page, cdp, image, strokes: 0, fineClock };
}

/** Short strokes until the document holds `n` of them; the long frames meanwhile. */
async function growHistory(s: Session, n: number): Promise<HistoryPoint['growth']> {
  await s.page.evaluate(TAKE_LONG_FRAMES);
  for (; s.strokes < n; s.strokes++) await stroke(s.page, 30, s.strokes);
  const long = await s.page.evaluate<[number, number][]>(TAKE_LONG_FRAMES);
  const blocked = long.filter(([, block]) => block > 0);
  return {
    longestFrameMs: Math.max(0, ...long.map(([d]) => d)),
    longFrames: long.length,
    blockedFrames: blocked.length,
    longestBlockMs: Math.max(0, ...blocked.map(([, block]) => block)),
  };
}

/** A studio on fresh data directories and a browser for `run`; both end after it. */
export async function withStudioBrowser<T>(
  name: string,
  run: (browser: Browser, url: string, label: string) => Promise<T>,
): Promise<T> {
  // Chosen first: a bad E2E_CHROMIUM stops the benchmark before a studio is started.
  const choice = chooseChromium();
  await choice.prepare();
  const root = mkdtempSync(join(tmpdir(), `${name}-`));
  const studio = await startStudio({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    ENGINE_TASK_MS: '200',
    STUDIO_DATA_DIR: join(root, 'studio'),
    ENGINE_DATA_DIR: join(root, 'engine'),
  });
  const browser = await chromium.launch(choice.launch);
  try {
    return await run(browser, studio.url, `Chromium ${browser.version()}, ${choice.label}`);
  } finally {
    await browser.close();
    await studio.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export const benchCanvasPaint = (
  moves = 600,
  histories: readonly number[] = [20, 300],
): Promise<CanvasPaintResult> =>
  withStudioBrowser('canvas-bench', async (browser, url, label) => {
    const session = await openSession(browser, url);
    const points: HistoryPoint[] = [];
    for (const n of histories) {
      const growth = await growHistory(session, n);
      const heap = await heapMB(session);
      const { interval, busy } = await measure(session, moves);
      session.strokes++;
      // The stroke's own trace and redraw finish first: the undos are timed on their own.
      await session.page
        .getByTestId('mask-summary')
        .filter({ hasNotText: /^Tracing/ })
        .waitFor({ timeout: 30_000 });
      await session.page.waitForTimeout(250);
      const undo = await session.page.evaluate<number[]>(TIME_UNDOS);
      points.push({
        historyStrokes: n,
        interval,
        busyMsPerFrame: busy,
        growth,
        heapMB: heap,
        undoMs: { p50: quantile(undo, 0.5), max: Math.max(...undo) },
      });
    }
    const worst = Math.max(...points.map((p) => p.interval.p95));
    return {
      browser: label,
      image: session.image,
      moves,
      fineClock: session.fineClock,
      points,
      target: 16.7,
      met: worst < 16.7,
    };
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchCanvasPaint(), null, 2));
}
