/**
 * The library's gallery at 100,000 jobs (400,000 images), in headless Chromium with the
 * built SPA (`npm run build` first), against a real proxy and engine. Every job's outputs
 * are one real engine grid, so thumbnails are really made (sharp) and served:
 * - navigation from Create to the gallery until every thumbnail of the first screen has
 *   loaded: once with no thumbnail made yet (cold) and then with them made (warm);
 * - scrolling through 10,000 tiles (pages fetched as the end comes near): rAF intervals (all
 *   of them, and those of the frames after one that moved the page: a frame spent waiting
 *   for the next page at the end of the list is quick and would flatter the p95), the most
 *   DOM nodes seen in any frame, and the JS heap after; then on to 30,000 tiles, with the
 *   heap read after a garbage collection at 10,000, 20,000 and 30,000, with the gallery's
 *   window of pages and without it (a window as large as the history);
 * - the card view, windowed like the gallery: a steady scroll to 1,000 cards and on to
 *   10,000, with its rAF intervals, the most DOM nodes in any frame, the heap after a
 *   garbage collection at 1,000, 5,000 and 10,000 cards, and the time each stretch took;
 * - a search keystroke to its results shown, in the gallery and the card view
 *   (`bench/gallery-search.ts`).
 * - a ZIP of 200 images (50 jobs): time to its first bytes and to its end, and the heap.
 * Run alone with `npx tsx bench/gallery.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { chooseChromium } from '../e2e/chromium';
import { searchKeystrokes } from './gallery-search';
import { completedJob, startBenchEngine } from './thumb-makers';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy } from '@/proxy/server';
import { migratedSqlite } from './fill-store';

const JOBS = 100_000;
const SCROLL_TILES = 10_000;
/**
 * Where the heap is read (after a garbage collection) as the scroll goes on: flat with the
 * window of pages the gallery keeps, and, for the side by side, growing with a window as
 * large as the history (every page kept, as before the window).
 */
const HEAP_AT_TILES = [10_000, 20_000, 30_000];
const NO_WINDOW = 'window=100000';
/** The card view's scroll: on to each of these cards, the heap read after a GC at each. */
const CARD_STOPS = [1_000, 5_000, 10_000];
/**
 * Pixels a frame the card view is scrolled by: about a card (a 2×2 grid card is some 700 px
 * at 1280×900), over 50,000 px a second at 60 Hz, so 10,000 cards take minutes, not an hour.
 */
const CARD_STEP = 800;
/**
 * Then a reading pace, under the loader's fling speed (4 px/ms), so every card is drawn
 * whole as it comes in (a fling draws outlines until it ends): this many more cards.
 */
const READ_STEP = 50;
const READ_CARDS = 100;
const WARM_RUNS = 5;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/** One real grid's output as the studio keeps it, made through a proxy on `dataDir`. */
async function realOutput(dataDir: string, engineUrl: string, key: string): Promise<string> {
  const config = { PORT: '0', STUDIO_DATA_DIR: dataDir, STUDIO_CALLBACKS: 'off' };
  const proxy = await startProxy(
    loadProxyConfig(config, { upstreamUrl: engineUrl, upstreamApiKey: key }),
  );
  try {
    await completedJob(proxy.url, 'bench source');
  } finally {
    await proxy.stop();
  }
  const db = new Database(join(dataDir, 'studio.sqlite'), { readonly: true });
  const row = z
    .object({ output_json: z.string() })
    .parse(db.prepare("SELECT output_json FROM jobs WHERE prompt = 'bench source'").get());
  db.close();
  return row.output_json;
}

const WORDS =
  'lighthouse storm fox owl forest neon city night river mountain portrait castle'.split(' ');

/** 100,000 finished grids, each naming the same real outputs under its own handle. */
async function fill(dataDir: string, output: string): Promise<number> {
  const t0 = performance.now();
  const db = await migratedSqlite(dataDir);
  const insert = db.prepare(
    `INSERT INTO jobs (handle, seq, upstream_id, operation, prompt, status, progress,
       created_at, created_ms, added_ms, ended_at, output_json, updated_at)
     VALUES (@handle, @seq, @upstream, 'diffusion', @prompt, 'completed', 100, @at,
       @ms, @ms, @at, @output, @at)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < JOBS; i++) {
      const ms = now - (JOBS - i) * 1000;
      const at = new Date(ms).toISOString();
      const prompt = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} number ${i}`;
      const handle = `gal${String(i).padStart(9, '0')}`;
      insert.run({ handle, seq: 1000 + i, upstream: `job-${i}`, prompt, at, ms, output });
    }
  })();
  db.close();
  return performance.now() - t0;
}

// The page scripts are strings: tsx would wrap named functions in a __name() the page lacks.
const FIRST_SCREEN = `new Promise((resolve) => {
  const t0 = performance.now();
  const check = () => {
    const imgs = [...document.querySelectorAll('[aria-label="Gallery"] img')];
    const onScreen = imgs.filter((i) => i.getBoundingClientRect().top < window.innerHeight);
    if (onScreen.length > 0 && onScreen.every((i) => i.complete && i.naturalWidth > 0)) {
      resolve(performance.now() - t0);
    } else requestAnimationFrame(check);
  };
  window.location.hash = '#/library?limit=200';
  requestAnimationFrame(check);
})`;

/**
 * Scrolls the page down `step` px a frame until the last of `items` in the page has passed
 * place `target` (its aria-posinset), or `limitMs` went by: every rAF interval, those after
 * a frame that moved the page, the most DOM nodes in any frame, the places passed, the time
 * and the heap at the end.
 */
const scrollScript = (items: string, step: number, target: number, limitMs = 90_000) =>
  `new Promise((resolve) => {
  const intervals = [];
  const moving = [];
  let moved = false;
  let maxNodes = 0;
  const t0 = performance.now();
  let last = t0;
  const frame = (now) => {
    intervals.push(now - last);
    if (moved) moving.push(now - last);
    last = now;
    maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
    const y = window.scrollY;
    window.scrollBy(0, ${step});
    moved = window.scrollY !== y;
    const items = document.querySelectorAll(${JSON.stringify(items)});
    const lastItem = items[items.length - 1];
    const passed = Number(lastItem ? lastItem.getAttribute('aria-posinset') : 0);
    if (passed >= ${target} || now - t0 > ${limitMs}) {
      const heap = performance.memory ? performance.memory.usedJSHeapSize : 0;
      resolve({ intervals, moving, maxNodes, passed, ms: now - t0, heap });
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

const TILES = '[aria-label="Gallery"] [role="listitem"]';
const CARDS = '[aria-label="Library results"] article';

/** From leaving Create to every thumbnail on the first screen loaded. */
async function firstScreen(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${url}/#/create`);
  await page.waitForLoadState('networkidle');
  const ms = Number(await page.evaluate(FIRST_SCREEN));
  await page.close();
  return ms;
}

/** A scroll's rAF intervals, ms. */
interface FrameFigures {
  frames: number;
  p50: number;
  p95: number;
  /** Intervals longer than 20 ms: a frame missed at 60 Hz. */
  missed: number;
}

const frameFigures = (intervals: number[]): FrameFigures => ({
  frames: intervals.length,
  p50: quantile(intervals, 0.5),
  p95: quantile(intervals, 0.95),
  missed: intervals.filter((ms) => ms > 20).length,
});

interface ScrollResult extends FrameFigures {
  tiles: number;
  /** Over the frames that followed a frame that scrolled the page. */
  moving: FrameFigures;
  maxNodes: number;
  heapMb: number;
  /** The heap after a garbage collection at each of HEAP_AT_TILES, MB. */
  heapAfterGcMb: number[];
}

/** What `scrollScript` resolves with. */
interface ScrollRun {
  intervals: number[];
  moving: number[];
  maxNodes: number;
  /** The place of the last item in the page at the end. */
  passed: number;
  ms: number;
  heap: number;
}

async function heapAfterGcMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/**
 * Scrolls down steadily until 10,000 tiles have passed, frame by frame (the figures), then
 * on to each of HEAP_AT_TILES, reading the heap after a garbage collection at each.
 */
async function scroll(context: BrowserContext, url: string, query = ''): Promise<ScrollResult> {
  const page = await context.newPage();
  await page.goto(`${url}/#/library?limit=200${query ? `&${query}` : ''}`);
  await page.getByRole('list', { name: 'Gallery' }).waitFor();
  const r = await page.evaluate<ScrollRun>(scrollScript(TILES, 300, SCROLL_TILES));
  const heapAfterGc: number[] = [];
  for (const tiles of HEAP_AT_TILES) {
    if (tiles > SCROLL_TILES) await page.evaluate(scrollScript(TILES, 300, tiles));
    heapAfterGc.push(await heapAfterGcMb(page));
  }
  await page.close();
  const steady = r.intervals.slice(5);
  const moving = r.moving.slice(5);
  return {
    tiles: r.passed,
    ...frameFigures(steady),
    moving: frameFigures(moving),
    maxNodes: r.maxNodes,
    heapMb: r.heap / 1024 / 1024,
    heapAfterGcMb: heapAfterGc,
  };
}

/** Figures of the card view's scroll: each stretch's own, and the frames of all of them. */
interface CardScrollResult extends FrameFigures {
  /** The cards passed at the end of each stretch (CARD_STOPS), and the time it took, ms. */
  stops: { cards: number; ms: number; heapAfterGcMb: number }[];
  moving: FrameFigures;
  maxNodes: number;
  /** READ_CARDS more at READ_STEP px a frame, every card drawn whole. */
  reading: FrameFigures & { cards: number; ms: number };
}

const cardStretch = (page: Page, target: number, step: number) =>
  page.evaluate<ScrollRun>(scrollScript(CARDS, step, target, 600_000));

/**
 * The card view at the default page size, scrolled down CARD_STEP px a frame from its top
 * to each of CARD_STOPS, the heap read after a garbage collection at each (between the
 * stretches, so no frame waits for it); the frame figures are over all the stretches.
 * Then on at a reading pace (READ_STEP), with its own figures.
 */
async function scrollCards(browser: Browser, url: string): Promise<CardScrollResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('studio.library.view', 'cards'));
  const page = await context.newPage();
  await page.goto(`${url}/#/library`);
  await page.getByRole('feed', { name: 'Library results' }).getByRole('article').first().waitFor();
  const stretches: ScrollRun[] = [];
  const stops: CardScrollResult['stops'] = [];
  for (const target of CARD_STOPS) {
    const r = await cardStretch(page, target, CARD_STEP);
    stretches.push(r);
    stops.push({ cards: r.passed, ms: r.ms, heapAfterGcMb: await heapAfterGcMb(page) });
  }
  const read = await cardStretch(page, (stops.at(-1)?.cards ?? 0) + READ_CARDS, READ_STEP);
  await context.close();
  // The first frames of each stretch follow the collection and the script's start.
  const all = stretches.flatMap((r) => r.intervals.slice(5));
  const moving = stretches.flatMap((r) => r.moving.slice(5));
  return {
    stops,
    ...frameFigures(all),
    moving: frameFigures(moving),
    maxNodes: Math.max(...stretches.map((r) => r.maxNodes), read.maxNodes),
    reading: { cards: read.passed, ms: read.ms, ...frameFigures(read.intervals.slice(5)) },
  };
}

/** A ZIP of 200 images (50 jobs): time to its first bytes and to its end, and the heap. */
async function zipOf200(url: string) {
  const ids = Array.from({ length: 50 }, (_, i) => `gal${String(JOBS - 1 - i).padStart(9, '0')}`);
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const res = await fetch(`${url}/studio-api/exports/results.zip?ids=${ids.join(',')}`);
  const reader = (res.body ?? new ReadableStream<Uint8Array>()).getReader();
  let first = 0;
  let bytes = 0;
  let heapPeak = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    if (bytes === 0) first = performance.now() - t0;
    bytes += r.value.length;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  return {
    firstByteMs: first,
    totalMs: performance.now() - t0,
    mb: bytes / 1024 / 1024,
    heapGrowthMb: (heapPeak - heapBefore) / 1024 / 1024,
  };
}

export async function benchGallery() {
  const root = mkdtempSync(join(tmpdir(), 'bench-gallery-'));
  const engine = await startBenchEngine(root);
  try {
    const studio = join(root, 'studio');
    const output = await realOutput(studio, engine.url, engine.apiKey ?? '');
    const fillMs = await fill(studio, output);
    const proxy = await startProxy(
      loadProxyConfig(
        { PORT: '0', STUDIO_DATA_DIR: studio, STUDIO_CALLBACKS: 'off' },
        { upstreamUrl: engine.url, upstreamApiKey: engine.apiKey ?? '' },
      ),
    );
    const choice = chooseChromium();
    await choice.prepare();
    const browser = await chromium.launch(choice.launch);
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(() => localStorage.setItem('studio.library.view', 'gallery'));
      const cold = await firstScreen(context, proxy.url);
      const warm: number[] = [];
      for (let i = 0; i < WARM_RUNS; i++) warm.push(await firstScreen(context, proxy.url));
      const scrolled = await scroll(context, proxy.url);
      const noWindow = (await scroll(context, proxy.url, NO_WINDOW)).heapAfterGcMb;
      const cards = await scrollCards(browser, proxy.url);
      const search = {
        gallery: await searchKeystrokes(browser, proxy.url, 'gallery'),
        cards: await searchKeystrokes(browser, proxy.url, 'cards'),
      };
      const zip = await zipOf200(proxy.url);
      return {
        search,
        zip,
        jobs: JOBS,
        fillMs,
        cold,
        warm: { p50: quantile(warm, 0.5), max: Math.max(...warm) },
        scrolled,
        heapAfterGcWithoutWindowMb: noWindow,
        cards,
      };
    } finally {
      await browser.close();
      await proxy.stop();
    }
  } finally {
    await engine.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchGallery(), null, 2));
}
