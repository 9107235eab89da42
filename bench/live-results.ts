/**
 * Results the moment they exist (issue 14, §1 and §4), in headless Chromium against the
 * studio as `npm start` runs it (its own process, the embedded engine inside, a short
 * `ENGINE_TASK_MS`):
 * - from the engine's completion of a task (its `meta.ended_at`, read straight from the
 *   engine) to the frame that shows the card's completed grid, for single jobs one after
 *   another and for a burst of follow-ups created together. Target: p95 ≤ 250 ms. Beside
 *   it, until all four images of the card are decoded (cards the viewport shows; images
 *   further down load lazily when scrolled to).
 * - the upstream requests the studio made per job, by kind, counted inside its process.
 */
import Database from 'better-sqlite3';
import { chromium, type Page } from '@playwright/test';
import { chooseChromium } from '../e2e/chromium';
import { startStudioProcess, type StudioProcess } from './studio-process';

const SINGLES = 30;
const BURST = 20;
const BURSTS = 2;
const TASK_MS = '300';
/** After the last card: time for what follows a completion (account read, media) to end. */
const SETTLE_MS = 2500;
const JOB_TIMEOUT_MS = 120_000;

interface Seen {
  event?: number;
  grid?: number;
  decoded?: number;
}

/**
 * Runs in the page before the app: for every job card, the epoch time (ms) of the frame
 * that first shows it completed with its image tiles, and of the moment its images were
 * all decoded. Plain JavaScript in a string, so that no bundler helper reaches the page.
 */
const OBSERVER = `
window.__seen = {};
const stamp = () => performance.timeOrigin + performance.now();
// When the page's event stream brings a job's completion, before the app handles it.
const NativeEventSource = window.EventSource;
window.EventSource = class extends NativeEventSource {
  constructor(...args) {
    super(...args);
    this.addEventListener('job', (e) => {
      const job = JSON.parse(e.data).job;
      if (job.status !== 'completed') return;
      const rec = (window.__seen[job.id] ??= {});
      rec.event ??= stamp();
    });
  }
};
// The card's images once all four have loaded and decoded, looking again each frame (a
// tile may be drawn anew meanwhile, and a card below the screen loads lazily: 10 s at most).
const whenDecoded = (card, rec) => {
  const until = performance.now() + 10000;
  const check = () => {
    if (!card.isConnected || performance.now() > until) return;
    const images = [...card.querySelectorAll('img[alt^="Image "]')];
    if (images.length < 4 || !images.every((img) => img.complete && img.naturalWidth > 0)) {
      requestAnimationFrame(check);
      return;
    }
    Promise.all(images.map((img) => img.decode())).then(
      () => { rec.decoded ??= stamp(); },
      () => requestAnimationFrame(check),
    );
  };
  check();
};
const look = () => {
  for (const card of document.querySelectorAll('article[id^="job-"]')) {
    const rec = (window.__seen[card.id.slice(4)] ??= {});
    if (rec.marked) continue;
    const status = card.querySelector('[data-status]')?.getAttribute('data-status');
    const images = [...card.querySelectorAll('img[alt^="Image "]')];
    if (status !== 'completed' || images.length < 4) continue;
    rec.marked = true;
    requestAnimationFrame(() => { rec.grid = stamp(); });
    whenDecoded(card, rec);
  }
};
addEventListener('DOMContentLoaded', () => {
  new MutationObserver(look).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'],
  });
});
`;

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface LiveResultsBench {
  browser: string;
  taskMs: string;
  rows: {
    name: string;
    grid: Latency;
    /** Of which: engine completion → the studio stored and announced it. */
    stored: Latency;
    /** Engine completion → the page's event stream brought it. */
    event: Latency;
    decoded: Latency;
    /** The page's image requests of these jobs: request sent → first byte. */
    imageFirstByte: Latency;
    /** Upstream requests per job, by kind. */
    perJob: Record<string, number>;
  }[];
}

function latency(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s.at(-1) ?? Number.NaN };
}

/** Creates jobs from the page, as the studio's own requests would. */
async function createJobs(page: Page, bodies: unknown[]): Promise<string[]> {
  return page.evaluate(async (all) => {
    const answers = await Promise.all(
      all.map((body) =>
        fetch('/studio-api/jobs', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ job?: { id: string }; error?: unknown }>),
      ),
    );
    return answers.map((a) => {
      if (!a.job) throw new Error(`create refused: ${JSON.stringify(a.error)}`);
      return a.job.id;
    });
  }, bodies);
}

async function seenOf(page: Page, ids: string[]): Promise<Record<string, Seen>> {
  return page.evaluate((wanted) => {
    const all = (window as unknown as { __seen: Record<string, Seen> }).__seen;
    return Object.fromEntries(wanted.map((id) => [id, all[id] ?? {}]));
  }, ids);
}

async function untilShown(page: Page, ids: string[]): Promise<Record<string, Seen>> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const seen = await seenOf(page, ids);
    if (ids.every((id) => seen[id]?.grid !== undefined)) return seen;
    if (Date.now() > deadline) throw new Error('cards did not show their results in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** When the engine finished each job (`meta.ended_at`), read from the engine itself. */
async function engineTimes(studio: StudioProcess, ids: string[]) {
  const db = new Database(`${studio.studioDir}/studio.sqlite`, { readonly: true });
  try {
    const upstreamId = db.prepare('SELECT upstream_id FROM jobs WHERE handle = ?').pluck();
    const out = new Map<string, number>();
    for (const id of ids) {
      const uuid = String(upstreamId.get(id));
      const res = await fetch(`${studio.engineUrl}/api/v1/job/${uuid}`);
      const task = (await res.json()) as { meta: { ended_at: string } };
      out.set(id, Date.parse(task.meta.ended_at));
    }
    return out;
  } finally {
    db.close();
  }
}

/** Request sent → first byte, of every image request of these jobs the page made. */
function firstBytes(page: Page, ids: string[]): Promise<number[]> {
  return page.evaluate((wanted) => {
    const prefixes = wanted.map((id) => `/media/${id}/`);
    return performance
      .getEntriesByType('resource')
      .filter((e) => prefixes.some((p) => e.name.includes(p)))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return r.responseStart - r.requestStart;
      });
  }, ids);
}

async function measure(
  studio: StudioProcess,
  page: Page,
  ids: string[],
  seen: Record<string, Seen>,
) {
  const engine = await engineTimes(studio, ids);
  const since = (t: number | undefined, id: string) =>
    (t ?? Number.NaN) - (engine.get(id) ?? Number.NaN);
  const grid = ids.map((id) => since(seen[id]?.grid, id));
  const finished = studio.loggedAt('job finished');
  const stored = ids.map((id) => since(finished.get(id), id));
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const later = await seenOf(page, ids);
  const decoded = ids.map((id) => since(later[id]?.decoded, id)).filter(Number.isFinite);
  const event = ids.map((id) => since(seen[id]?.event, id));
  return {
    grid: latency(grid),
    stored: latency(stored),
    event: latency(event),
    decoded: latency(decoded),
    imageFirstByte: latency(await firstBytes(page, ids)),
  };
}

function perJob(studio: StudioProcess, jobs: number): Record<string, number> {
  const counts = studio.upstreamCounts();
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / jobs]));
}

async function singles(studio: StudioProcess, page: Page) {
  const ids: string[] = [];
  const seen: Record<string, Seen> = {};
  studio.resetUpstreamCounts();
  for (let i = 0; i < SINGLES; i++) {
    const [id] = await createJobs(page, [
      { operation: 'diffusion', params: { text: `a lighthouse, bench single ${i} --ar 3:2` } },
    ]);
    if (!id) throw new Error('no job');
    Object.assign(seen, await untilShown(page, [id]));
    ids.push(id);
  }
  const times = await measure(studio, page, ids, seen);
  return {
    name: `single diffusion jobs, one after another`,
    ...times,
    perJob: perJob(studio, SINGLES),
  };
}

async function burst(studio: StudioProcess, page: Page, parent: string) {
  studio.resetUpstreamCounts();
  const bodies = Array.from({ length: BURST }, (_, i) => ({
    operation: 'variation',
    parentId: parent,
    params: { imageNo: i % 4, type: i % 2 },
  }));
  const ids: string[] = [];
  const seen: Record<string, Seen> = {};
  for (let round = 0; round < BURSTS; round++) {
    const made = await createJobs(page, bodies);
    Object.assign(seen, await untilShown(page, made));
    ids.push(...made);
    // The next burst starts on a quiet studio, as the first did.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
  }
  const times = await measure(studio, page, ids, seen);
  return {
    name: `${BURSTS} bursts of ${BURST} variations created together`,
    ...times,
    perJob: perJob(studio, ids.length),
  };
}

/** `nodeArgs` go to the studio's node (`--cpu-prof` to see where its time goes). */
export async function benchLiveResults(nodeArgs: string[] = []): Promise<LiveResultsBench> {
  const choice = chooseChromium();
  await choice.prepare();
  const studio = await startStudioProcess({ ENGINE_TASK_MS: TASK_MS }, nodeArgs);
  const browser = await chromium.launch(choice.launch);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: OBSERVER });
    const page = await context.newPage();
    await page.goto(`${studio.url}/`);
    await page.getByRole('button', { name: 'Generate' }).waitFor();
    const [parent] = await createJobs(page, [
      { operation: 'diffusion', params: { text: 'a harbour at dawn, the parent --ar 3:2' } },
    ]);
    if (!parent) throw new Error('no parent job');
    await untilShown(page, [parent]);
    const rows = [await singles(studio, page), await burst(studio, page, parent)];
    return { browser: `${choice.label}, ${browser.version()}`, taskMs: TASK_MS, rows };
  } finally {
    await browser.close();
    await studio.stop();
  }
}

const msOf = (x: number) => `${x.toFixed(0)} ms`;

export function printLiveResults(r: LiveResultsBench): void {
  console.log(`\nbrowser: ${r.browser}; ENGINE_TASK_MS=${r.taskMs}`);
  const pair = (l: Latency) => `${msOf(l.p50)} / ${msOf(l.p95)}`;
  console.log(
    `\n| engine completion → the card shows the completed grid | n | p50 | p95 (target ≤ 250 ms) | max | all 4 images decoded: n | p50 / p95 |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  for (const { name, grid: g, decoded: d } of r.rows) {
    console.log(
      `| ${name} | ${g.n} | ${msOf(g.p50)} | ${msOf(g.p95)} | ${msOf(g.max)} | ${d.n} | ${pair(d)} |`,
    );
  }
  console.log(
    `\n| where the time goes, p50 / p95 | engine completion → stored and announced by the studio | → the event in the page | image request → first byte |`,
  );
  console.log(`|---|---|---|---|`);
  for (const row of r.rows) {
    console.log(
      `| ${row.name} | ${pair(row.stored)} | ${pair(row.event)} | ${pair(row.imageFirstByte)} |`,
    );
  }
  const kinds = [...new Set(r.rows.flatMap((row) => Object.keys(row.perJob)))].sort();
  console.log(`\n| upstream requests per job | ${r.rows.map((row) => row.name).join(' | ')} |`);
  console.log(`|---|${r.rows.map(() => '---|').join('')}`);
  for (const kind of kinds) {
    console.log(
      `| ${kind} | ${r.rows.map((row) => (row.perJob[kind] ?? 0).toFixed(2)).join(' | ')} |`,
    );
  }
  const total = (row: LiveResultsBench['rows'][number]) =>
    Object.values(row.perJob).reduce((a, b) => a + b, 0);
  console.log(`| all | ${r.rows.map((row) => total(row).toFixed(2)).join(' | ')} |`);
}
