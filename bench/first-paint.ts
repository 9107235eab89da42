/**
 * The first load of `/` (issue 14, §3), in headless Chromium with the CPU throttled 4× and
 * a cold cache (a new browser context each time), against the studio as `npm start` runs
 * it: first contentful paint with an empty history, then first contentful paint and the
 * first job card on screen with 20 completed jobs in it. Target: FCP ≤ 1.0 s.
 */
import { chromium, type Browser } from '@playwright/test';
import { chooseChromium } from '../e2e/chromium';
import { startStudioProcess } from './studio-process';

const LOADS = 10;
const JOBS = 20;
const THROTTLE = 4;
const JOB_TIMEOUT_MS = 120_000;

export interface FirstPaintBench {
  browser: string;
  throttle: number;
  empty: number[];
  withJobs: { fcp: number[]; firstCard: number[] };
}

/**
 * Runs in the page: the first contentful paint, and when the first job card was in the
 * document (both from navigation start). Plain JavaScript, so no bundler helper is needed.
 */
const TIMING = `
window.__firstCard = null;
new MutationObserver((_, observer) => {
  if (!document.querySelector('article[id^="job-"]')) return;
  window.__firstCard = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
`;

interface Load {
  fcp: number;
  firstCard: number | null;
}

async function load(browser: Browser, url: string, waitForCard: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.addInitScript(TIMING);
    await page.goto(`${url}/`);
    const fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    let firstCard: number | null = null;
    if (waitForCard) {
      await page.waitForFunction(() => (window as { __firstCard?: number }).__firstCard);
      firstCard = await page.evaluate(() => (window as { __firstCard?: number }).__firstCard ?? 0);
    }
    return { fcp, firstCard };
  } finally {
    await context.close();
  }
}

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

export async function benchFirstPaint(): Promise<FirstPaintBench> {
  const choice = chooseChromium();
  await choice.prepare();
  const studio = await startStudioProcess({ ENGINE_TASK_MS: '300' });
  const browser = await chromium.launch(choice.launch);
  try {
    // One load first, not counted: the studio's own first answers (files read, statements).
    await load(browser, studio.url, false);
    const empty: number[] = [];
    for (let i = 0; i < LOADS; i++) empty.push((await load(browser, studio.url, false)).fcp);
    await makeJobs(studio.url);
    const fcp: number[] = [];
    const firstCard: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const r = await load(browser, studio.url, true);
      fcp.push(r.fcp);
      firstCard.push(r.firstCard ?? Number.NaN);
    }
    return {
      browser: `${choice.label}, ${browser.version()}`,
      throttle: THROTTLE,
      empty,
      withJobs: { fcp, firstCard },
    };
  } finally {
    await browser.close();
    await studio.stop();
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
  console.log(`\n| first load of / | n | p50 | max |`);
  console.log(`|---|---|---|---|`);
  console.log(`| first contentful paint, empty history (target ≤ 1.0 s) | ${cell(r.empty)} |`);
  console.log(`| first contentful paint, ${JOBS} jobs | ${cell(r.withJobs.fcp)} |`);
  console.log(`| first job card in the page, ${JOBS} jobs | ${cell(r.withJobs.firstCard)} |`);
}
