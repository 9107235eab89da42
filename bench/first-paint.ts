/**
 * The first load of `/` (issue 14, §3), in headless Chromium with the CPU throttled 4× and
 * a cold cache (a new browser context each time), against the studio as `npm start` runs
 * it: first contentful paint and the Create page on screen with an empty history, then
 * first contentful paint, the first job card on screen and the page live (taking input)
 * with 20 completed jobs in it. Three servings of the SPA in one run, each by a studio of
 * its own, loads taken in turns: this tree's (`dist/web`, which `npm run bench` builds)
 * with the first screen drawn on the server (STUDIO_FIRST_SCREEN=drawn) and as
 * index.html alone (the default), and the last build on React 18.3 (`react18-build.ts`). And the
 * floor under them: the first contentful paint of a page of one line, with the studio's
 * COOP header and without. Targets: FCP p50 ≤ 500 ms and max ≤ 700 ms, first card p50
 * ≤ 700 ms.
 *
 * `npm run build && npx tsx bench/first-paint.ts` runs it alone, in the browser
 * E2E_CHROMIUM chooses.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chooseChromium } from '../e2e/chromium';
import { buildReact18Web } from './react18-build';
import { startStudioProcess, type StudioProcess } from './studio-process';

const LOADS = 10;
const JOBS = 20;
const THROTTLE = 4;
const JOB_TIMEOUT_MS = 120_000;
const LOAD_TIMEOUT_MS = 30_000;

interface BuildLoads {
  /** Which build (its React version), and whether `/` came drawn or as index.html. */
  build: string;
  empty: number[];
  /** When the Create page was on screen (its `main`), empty history. */
  rendered: number[];
  /**
   * `firstCard`: when the first job card was on screen. `live`: when the page took input,
   * the app's markup in the document and no longer inert (a drawn page is until the app
   * has rendered in its place).
   */
  withJobs: { fcp: number[]; firstCard: number[]; live: number[] };
}

/**
 * The floor under those figures: a page of one line of text, no style and no script, from a
 * bare HTTP server, with the header `Cross-Origin-Opener-Policy: same-origin` the studio
 * sends (src/proxy/auth/headers.ts) and without it. A new tab starts on about:blank; with
 * that header the page needs a browsing context group, so a renderer process, of its own,
 * started after the answer came, where without it the blank page's process is used.
 */
interface Floor {
  withCoop: number[];
  withoutCoop: number[];
}

export interface FirstPaintBench {
  browser: string;
  throttle: number;
  builds: BuildLoads[];
  floor: Floor;
  /** The machine's 1-minute load average at the start and at the end. */
  loadAverage: [number, number];
}

/**
 * Runs in the page from its start, and reports through the console: its first contentful
 * paint, when the Create page's `main` was in the document, when the first job card was,
 * and when the page was live (its root not inert), each from navigation start. What is in
 * the document before the first contentful paint is on screen with it (`load`). Plain JavaScript, so no bundler helper is
 * needed. The driver does not touch the page until all are in: an evaluate or a
 * waitForFunction during the load puts the driver's own script into the throttled page,
 * about 60 ms at 4×, just before the app's first render, which no user's page runs.
 */
const TIMING = `
const report = (what, at) => console.debug('first-paint', what, at);
new PerformanceObserver((list) => {
  const entry = list.getEntriesByName('first-contentful-paint')[0];
  if (entry) report('fcp', entry.startTime);
}).observe({ type: 'paint', buffered: true });
const seen = new Set();
const once = (what, now) => {
  if (!now || seen.has(what)) return;
  seen.add(what);
  report(what, performance.now());
};
new MutationObserver((_, observer) => {
  const main = document.querySelector('main#main');
  once('rendered', main);
  once('live', main && !document.getElementById('root').hasAttribute('inert'));
  once('firstCard', document.querySelector('article[id^="job-"]'));
  if (seen.size === 3) observer.disconnect();
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['inert'] });
`;

type Moment = 'fcp' | 'rendered' | 'live' | 'firstCard';

interface Load {
  fcp: number;
  rendered: number;
  live: number;
  firstCard: number | null;
}

/** The page's first contentful paint, from navigation start, once it happened. */
export const firstContentfulPaint = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );

/** The moments TIMING reports, once `wanted` are all in; an error after LOAD_TIMEOUT_MS. */
function momentsOf(page: Page, wanted: readonly Moment[]): Promise<Map<Moment, number>> {
  const moments = new Map<Moment, number>();
  return new Promise((resolve, reject) => {
    const missing = () => wanted.filter((w) => !moments.has(w)).join(', ');
    const timer = setTimeout(
      () => reject(new Error(`the page did not report ${missing()} in ${LOAD_TIMEOUT_MS} ms`)),
      LOAD_TIMEOUT_MS,
    );
    page.on('console', (message) => {
      const [tag, what, at] = message.text().split(' ');
      if (tag !== 'first-paint') return;
      moments.set(what as Moment, Number(at));
      if (missing() !== '') return;
      clearTimeout(timer);
      resolve(moments);
    });
  });
}

/**
 * One load of `url` in a new context (a cold cache), throttled: the moments TIMING reports,
 * once `wanted` are all in.
 */
async function loadMoments(
  browser: Browser,
  url: string,
  wanted: readonly Moment[],
): Promise<Map<Moment, number>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.addInitScript(TIMING);
    const reported = momentsOf(page, wanted);
    await page.goto(url, { waitUntil: 'commit' });
    return await reported;
  } finally {
    await context.close();
  }
}

async function load(browser: Browser, url: string, waitForCard: boolean): Promise<Load> {
  const wanted: Moment[] = [
    'fcp',
    'rendered',
    'live',
    ...(waitForCard ? ['firstCard' as const] : []),
  ];
  const moments = await loadMoments(browser, `${url}/`, wanted);
  const fcp = moments.get('fcp') ?? Number.NaN;
  // In the document before the first paint, on screen with it.
  const onScreen = (what: Moment) => Math.max(fcp, moments.get(what) ?? Number.NaN);
  return {
    fcp,
    rendered: onScreen('rendered'),
    live: moments.get('live') ?? Number.NaN,
    firstCard: waitForCard ? onScreen('firstCard') : null,
  };
}

const FLOOR_PAGE = '<!doctype html><title>Studio</title><p>A page of one line.</p>';

/** A bare server of FLOOR_PAGE on 127.0.0.1; `/coop` sends it with the studio's COOP. */
async function serveFloorPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (req.url === '/coop') res.setHeader('cross-origin-opener-policy', 'same-origin');
    res.end(FLOOR_PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** FLOOR_PAGE's first contentful paint, loaded as the studio's pages are. */
const floorLoad = async (browser: Browser, url: string): Promise<number> =>
  (await loadMoments(browser, url, ['fcp'])).get('fcp') ?? Number.NaN;

async function makeJobs(url: string): Promise<void> {
  const handles: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const res = await fetch(`${url}/studio-api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ operation: 'diffusion', params: { text: `first paint ${i}` } }),
    });
    if (!res.ok) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    handles.push(((await res.json()) as { job: { id: string } }).job.id);
  }
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (const handle of handles) {
    for (;;) {
      const res = await fetch(`${url}/studio-api/jobs/${handle}`);
      const { job } = (await res.json()) as { job: { status: string } };
      if (job.status === 'completed') break;
      if (job.status === 'failed') throw new Error(`job ${handle} failed`);
      if (Date.now() > deadline) throw new Error('jobs did not complete in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

interface Served {
  loads: BuildLoads;
  studio: StudioProcess;
}

const reactVersion = (pkg: string): string =>
  (JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8')) as { version: string })
    .version;

export async function benchFirstPaint(): Promise<FirstPaintBench> {
  const choice = chooseChromium();
  await choice.prepare();
  const start = loadavg()[0] ?? Number.NaN;
  const react18 = await buildReact18Web();
  const served: Served[] = [];
  const floorPage = await serveFloorPage();
  const floor: Floor = { withCoop: [], withoutCoop: [] };
  let browser: Browser | null = null;
  try {
    const react = `React ${reactVersion('react-dom')}`;
    for (const [build, webDir, firstScreen] of [
      [`${react}, drawn`, 'dist/web', 'drawn'],
      [`${react}, index.html`, 'dist/web', 'bare'],
      [`React ${react18.react}, index.html`, react18.webDir, 'bare'],
    ] as const) {
      const studio = await startStudioProcess({
        ENGINE_TASK_MS: '300',
        STUDIO_WEB_DIR: webDir,
        STUDIO_FIRST_SCREEN: firstScreen,
      });
      served.push({
        studio,
        loads: { build, empty: [], rendered: [], withJobs: { fcp: [], firstCard: [], live: [] } },
      });
    }
    const launched = await chromium.launch(choice.launch);
    browser = launched;
    // One load of each first, not counted: the studio's own first answers (files read,
    // statements).
    for (const { studio } of served) await load(launched, studio.url, false);
    for (let i = 0; i < LOADS; i++) {
      for (const { studio, loads } of served) {
        const r = await load(launched, studio.url, false);
        loads.empty.push(r.fcp);
        loads.rendered.push(r.rendered);
      }
    }
    for (let i = 0; i < LOADS; i++) {
      floor.withCoop.push(await floorLoad(launched, `${floorPage.url}/coop`));
      floor.withoutCoop.push(await floorLoad(launched, `${floorPage.url}/`));
    }
    for (const { studio } of served) await makeJobs(studio.url);
    for (let i = 0; i < LOADS; i++) {
      for (const { studio, loads } of served) {
        const r = await load(launched, studio.url, true);
        loads.withJobs.fcp.push(r.fcp);
        loads.withJobs.firstCard.push(r.firstCard ?? Number.NaN);
        loads.withJobs.live.push(r.live);
      }
    }
    return {
      browser: `${choice.label}, ${launched.version()}`,
      throttle: THROTTLE,
      builds: served.map((s) => s.loads),
      floor,
      loadAverage: [start, loadavg()[0] ?? Number.NaN],
    };
  } finally {
    await browser?.close();
    for (const { studio } of served) await studio.stop();
    await floorPage.close();
    react18.remove();
  }
}

const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const cell = (xs: number[]) =>
  `${xs.length} | ${quantile(xs, 0.5).toFixed(0)} ms | ${Math.max(...xs).toFixed(0)} ms`;

export function printFirstPaint(r: FirstPaintBench): void {
  console.log(`\nbrowser: ${r.browser}; CPU throttled ${r.throttle}×, cold cache each load`);
  console.log(
    `load average (1 min): ${r.loadAverage[0].toFixed(2)} at the start, ${r.loadAverage[1].toFixed(2)} at the end`,
  );
  console.log(`\n| first load of / | build | n | p50 | max |`);
  console.log(`|---|---|---|---|---|`);
  const rows = [
    ['first contentful paint, empty history', (b: BuildLoads) => b.empty],
    ['the Create page on screen, empty history', (b: BuildLoads) => b.rendered],
    [`first contentful paint, ${JOBS} jobs`, (b: BuildLoads) => b.withJobs.fcp],
    [`first job card on screen, ${JOBS} jobs`, (b: BuildLoads) => b.withJobs.firstCard],
    [`the page live (takes input), ${JOBS} jobs`, (b: BuildLoads) => b.withJobs.live],
  ] as const;
  for (const [what, of] of rows) {
    for (const b of r.builds) console.log(`| ${what} | ${b.build} | ${cell(of(b))} |`);
  }
  console.log(
    `| first contentful paint, a page of one line, COOP | - | ${cell(r.floor.withCoop)} |`,
  );
  console.log(
    `| first contentful paint, a page of one line, no COOP | - | ${cell(r.floor.withoutCoop)} |`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printFirstPaint(await benchFirstPaint());
