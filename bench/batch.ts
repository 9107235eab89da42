/**
 * A batch of 40 prompts from the prompt box, in headless Chromium: from the press of the
 * confirmation's Create button to 40 new job cards in the page, and to the confirmation
 * closing (the batch answered). The studio runs in this process on an engine account
 * that admits all 40 at once and holds them running (no media rendered meanwhile), so the
 * figure is the browser's and the studio's own: the batch sent as one request
 * (`POST /studio-api/jobs/batch`), which the studio takes into its queue and answers with
 * the 40 queued jobs, their cards shown from that answer; the queue's dispatcher then
 * sends them on. Target: ≤ 500 ms. Reports measured numbers only.
 *
 * `npm run build && npx tsx bench/batch.ts` runs it alone, in the browser E2E_CHROMIUM
 * chooses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chooseChromium } from '../e2e/chromium';
import { loadEngineConfig } from '@/engine/config';
import { startEngine } from '@/engine/server';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy } from '@/proxy/server';

const ROUNDS = 6;
const BATCH = 40;
const TARGET_MS = 500;
const API_KEY = 'bench-batch-account-key';

export interface BatchBench {
  browser: string;
  /** From the confirm press to the 40th card in the page, per round (the first not counted). */
  cardsMs: number[];
  /** From the confirm press to the confirmation closing: the batch answered. */
  answeredMs: number[];
  loadAverage: [number, number];
  target: number;
}

/** 8 × 5 choices: 40 prompts, each naming its round so its cards are told apart. */
const promptOf = (round: number) =>
  `bench round ${round} {amber, blue, coral, dune, ember, fern, gold, haze} {1, 2, 3, 4, 5}`;

/**
 * Runs in the page: the moment the confirmation's button is pressed, when the round's
 * 40th card is in the document, and when the confirmation has gone.
 */
const WATCH = `(label) => new Promise((resolve) => {
  const times = { pressed: null, cards: null, closed: null };
  document.addEventListener('click', (e) => {
    if (times.pressed === null && e.target.closest('dialog button[type="submit"]')) {
      times.pressed = performance.now();
    }
  }, { capture: true });
  const check = () => {
    if (times.pressed === null) return;
    const n = [...document.querySelectorAll('article[aria-label]')]
      .filter((a) => a.getAttribute('aria-label').startsWith(label)).length;
    if (times.cards === null && n >= ${BATCH}) times.cards = performance.now();
    if (times.closed === null && !document.querySelector('dialog[open]')) times.closed = performance.now();
    if (times.cards !== null && times.closed !== null) {
      observer.disconnect();
      resolve({ cards: times.cards - times.pressed, closed: times.closed - times.pressed });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  window.__batchWatch = true;
})`;

async function round(browser: Browser, url: string, n: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${url}/`);
    await page.getByRole('textbox', { name: 'Prompt' }).fill(promptOf(n));
    await page.getByRole('button', { name: `Create ${BATCH} jobs…` }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: `Create ${BATCH} jobs` });
    await confirm.waitFor();
    const watched = page.evaluate<{ cards: number; closed: number }>(
      `(${WATCH})(${JSON.stringify(`Job diffusion: bench round ${n} `)})`,
    );
    await page.waitForFunction(() => (window as { __batchWatch?: boolean }).__batchWatch);
    await confirm.click();
    return await watched;
  } finally {
    await page.close();
  }
}

export async function benchBatch(): Promise<BatchBench> {
  const root = mkdtempSync(join(tmpdir(), 'studio-bench-batch-'));
  const accounts = join(root, 'accounts.json');
  writeFileSync(
    accounts,
    JSON.stringify([{ apiKey: API_KEY, name: 'bench', concurrency: 1000, stagedLimit: 1000 }]),
  );
  const engine = await startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_DATA_DIR: join(root, 'engine'),
      ENGINE_ACCOUNTS: accounts,
      // Running for the whole bench: nothing is rendered while cards are counted.
      ENGINE_TASK_MS: '600000',
    }),
  );
  const proxy = await startProxy(
    loadProxyConfig(
      { PORT: '0', HOST: '127.0.0.1', STUDIO_DATA_DIR: join(root, 'studio') },
      { upstreamUrl: engine.url, upstreamApiKey: API_KEY, upstreamProgress: 'on' },
    ),
  );
  const choice = chooseChromium();
  await choice.prepare();
  const start = loadavg()[0] ?? Number.NaN;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(choice.launch);
    const cardsMs: number[] = [];
    const answeredMs: number[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      const r = await round(browser, proxy.url, n);
      // The first round warms the studio's statements and the page's chunks: not counted.
      if (n === 0) continue;
      cardsMs.push(r.cards);
      answeredMs.push(r.closed);
    }
    return {
      browser: `${choice.label}, ${browser.version()}`,
      cardsMs,
      answeredMs,
      loadAverage: [start, loadavg()[0] ?? Number.NaN],
      target: TARGET_MS,
    };
  } finally {
    await browser?.close();
    await proxy.stop();
    await engine.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const cell = (xs: number[]) =>
  `${xs.length} | ${quantile(xs, 0.5).toFixed(0)} ms | ${Math.max(...xs).toFixed(0)} ms`;

export function printBatch(r: BatchBench): void {
  console.log(`\na batch of ${BATCH} prompts (bench/batch.ts); browser: ${r.browser}`);
  console.log(
    `load average (1 min): ${r.loadAverage[0].toFixed(2)} at the start, ${r.loadAverage[1].toFixed(2)} at the end`,
  );
  console.log(`| from the confirm press | n | p50 | max |`);
  console.log(`|---|---|---|---|`);
  console.log(`| to ${BATCH} cards in the page (target ≤ ${r.target} ms) | ${cell(r.cardsMs)} |`);
  console.log(`| to the batch answered (the confirmation closed) | ${cell(r.answeredMs)} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) printBatch(await benchBatch());
