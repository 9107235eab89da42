/**
 * A share link's page as someone outside the studio first opens it: headless Chromium with
 * the CPU throttled 4× and a cold cache (a new context each load, no cookies), against the
 * studio as `npm start` runs it, the link showing a finished grid of four images. First
 * contentful paint and when all four images were drawn, p50 and max of 10 loads. Target:
 * first paint ≤ 1.0 s.
 *
 * `npx tsx bench/share-page.ts` runs it alone, in the browser E2E_CHROMIUM chooses.
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { chooseChromium } from '../e2e/chromium';
import { firstContentfulPaint } from './first-paint';
import { startStudioProcess } from './studio-process';

const LOADS = 10;
const THROTTLE = 4;

export interface SharePageBench {
  browser: string;
  fcp: number[];
  images: number[];
  loadAverage: [number, number];
}

async function sharedGrid(url: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: url };
  const made = await fetch(`${url}/studio-api/jobs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ operation: 'diffusion', params: { text: 'a lighthouse at dusk' } }),
  });
  const { job } = (await made.json()) as { job: { id: string } };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}/studio-api/jobs/${job.id}`);
    const { job: now } = (await res.json()) as { job: { status: string } };
    if (now.status === 'completed') break;
    if (now.status === 'failed' || Date.now() > deadline) throw new Error('the job did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
  const shared = await fetch(`${url}/studio-api/shares`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jobId: job.id }),
  });
  if (!shared.ok) throw new Error(`share refused: ${await shared.text()}`);
  return ((await shared.json()) as { share: { url: string } }).share.url;
}

export async function benchSharePage(): Promise<SharePageBench> {
  const choice = chooseChromium();
  await choice.prepare();
  const start = loadavg()[0] ?? Number.NaN;
  const studio = await startStudioProcess({ ENGINE_TASK_MS: '300' });
  const browser = await chromium.launch(choice.launch);
  try {
    const link = await sharedGrid(studio.url);
    const fcp: number[] = [];
    const images: number[] = [];
    // One load first, not counted: the studio makes and keeps the thumbnails.
    for (let i = -1; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.goto(link);
      const paint = await firstContentfulPaint(page);
      // When the last of the four was decoded: the latest of their load ends.
      const drawn = await page.evaluate(async () => {
        const imgs = [...document.querySelectorAll('img')];
        await Promise.all(imgs.map((img) => img.decode()));
        return Math.max(
          ...imgs.map((img) => {
            const entry = performance.getEntriesByName(img.currentSrc)[0] as
              PerformanceResourceTiming | undefined;
            return entry ? entry.responseEnd : 0;
          }),
        );
      });
      if (i >= 0) {
        fcp.push(paint);
        images.push(drawn);
      }
      await context.close();
    }
    return {
      browser: `${choice.label}, ${browser.version()}`,
      fcp,
      images,
      loadAverage: [start, loadavg()[0] ?? Number.NaN],
    };
  } finally {
    await browser.close();
    await studio.stop();
  }
}

const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;

export function printSharePage(r: SharePageBench): void {
  console.log(
    `\nshare link's page, cold cache, CPU throttled ${THROTTLE}× (${r.browser}); load average ${r.loadAverage[0].toFixed(2)} → ${r.loadAverage[1].toFixed(2)}`,
  );
  console.log('| share page | n | p50 | max |');
  console.log('|---|---|---|---|');
  for (const [what, xs] of [
    ['first contentful paint', r.fcp],
    ['four images loaded', r.images],
  ] as const) {
    console.log(
      `| ${what} | ${xs.length} | ${quantile(xs, 0.5).toFixed(0)} ms | ${Math.max(...xs).toFixed(0)} ms |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printSharePage(await benchSharePage());
