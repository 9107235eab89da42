/**
 * `npm run bench`: measured side by side in one run, on this machine.
 * 1. Engine media: a diffusion grid (4 images + composite, PNG encoded), an upscale, and a
 *    5 s 480p H.264 clip, with the encoder settings beside the figure.
 *    The engine's event loop delay and job reads while remixes render on its workers.
 * 2. Job reads through the proxy versus straight from the engine, as a ratio.
 * 3. The studio's history: a page of the list and a prompt search over 100,000 jobs on
 *    SQLite, and on a team's replicas on PostgreSQL, with how soon a change made on one
 *    replica reaches a browser on another (`bench/replicas.ts`); what the query builder
 *    costs a read (`bench/store-overhead.ts`); and a create to its first event beside the
 *    studio before the one store (`bench/create-event.ts`).
 * 4. Prompt parsing as each create does it: the `--flags` of a usual prompt and of the
 *    worst shapes at the length limit.
 * 5. The account page at 100,000 jobs: the 90-day spending query over HTTP, and from
 *    leaving the Create page to the first bar of the chart in headless Chromium.
 * 6. The canvas editor: 60 Hz frame intervals and main-thread work per frame during a long
 *    scripted stroke on a 2048×2048 image in headless Chromium, after a short and a long
 *    history, with the longest frame while the history was painted, the JS heap and what
 *    an undo costs (needs the built SPA: `npm run bench` builds it), in the browser
 *    E2E_CHROMIUM chooses, named with its version beside the figures. Then its mask tools:
 *    a magic wand click to the mask shown, and the longest frame while the mask is grown,
 *    shrunk and feathered (bench/mask-tools.ts); and the frames while the magnetic lasso is
 *    dragged round a shape (bench/lasso.ts).
 * 7. Results the moment they exist: engine completion to the completed grid on screen in
 *    Chromium, single jobs and a burst of follow-ups, and the upstream requests per job.
 * 8. The proxy's own cost: job reads per second through the proxy against the engine at
 *    10 and 50 in flight, and the studio process's memory over 200 jobs.
 * 9. The first load of `/` with the CPU throttled 4× and a cold cache: first contentful
 *    paint with an empty history and with 20 jobs, and the first job card on screen.
 * 10. The library's gallery at 100,000 jobs: its first screen of thumbnails, scrolling
 *    through 10,000 tiles, the card view scrolled to 1,000 and on to 10,000 cards, a search
 *    keystroke to its results in the gallery and the card view, and a ZIP of 200 images
 *    (bench/gallery.ts).
 * 11. A fresh grid's four thumbnails with 1, 2 and 4 thumbnail makers (bench/thumb-makers.ts).
 * 12. What the authorization check costs a job read: no sign-in against a signed-in person,
 *    on SQLite and on PostgreSQL (bench/authorization.ts).
 * 13. A share link's page opened cold at 4× CPU throttle: first paint and its four images
 *    (bench/share-page.ts).
 * 14. A batch of 40 prompts from the confirm press to 40 cards on screen (bench/batch.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadEngineConfig } from '@/engine/config';
import { renderDiffusion } from '@/engine/media/scene/diffusion';
import { renderUpscale } from '@/engine/media/image-ops/upscale';
import { renderMoveClip } from '@/engine/media/video/clips';
import { X264_ARGS } from '@/engine/media/video/ffmpeg';
import { clipSize } from '@/engine/media/video/motion';
import { buildStage } from '@/engine/media/video/render';
import { benchAccount } from './account';
import { benchAuthorization, printAuthorization } from './authorization';
import { benchBatch, printBatch } from './batch';
import { benchCanvasPaint } from './canvas-paint';
import { benchMaskTools, printMaskTools } from './mask-tools';
import { benchLasso, printLasso } from './lasso';
import { benchEngineLoop } from './engine-loop';
import { benchFirstPaint, printFirstPaint } from './first-paint';
import { benchSharePage, printSharePage } from './share-page';
import { benchGallery } from './gallery';
import { benchCreateEvent, printCreateEvent } from './create-event';
import { benchHistory } from './history';
import { benchLiveResults, printLiveResults } from './live-results';
import { benchPromptGrowth, benchPromptParse } from './prompt-parse';
import { PROMPT_MAX } from '@/contract/requests/limits';
import { benchReplicas } from './replicas';
import { benchStoreOverhead } from './store-overhead';
import { benchThumbMakers, printThumbMakers } from './thumb-makers';
import { benchProxyCost, printProxyCost } from './proxy-cost';
import { startEngine } from '@/engine/server';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy } from '@/proxy/server';

const GRIDS = 12;
const UPSCALES = 12;
const CLIPS = 3;
const READS = 400;

interface Stats {
  n: number;
  p50: number;
  p95: number;
  mean: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), mean };
}

const ms = (x: number) => `${x.toFixed(2)} ms`;
const us = (x: number) => `${(x * 1000).toFixed(1)} µs`;

async function benchGrids(): Promise<Stats> {
  const prompts = ['a lighthouse in a storm', 'a red fox in snow', 'neon city at night'];
  return timed(GRIDS, (i) =>
    renderDiffusion({
      text: prompts[Math.max(0, i) % prompts.length] ?? '',
      seed: 1000 + i,
      aspect: i % 2 ? { w: 16, h: 9 } : { w: 1, h: 1 },
    }),
  );
}

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<Stats> {
  await run(-1);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run(i);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

async function benchUpscale(): Promise<Stats> {
  const { images } = await renderDiffusion({ text: 'a harbour', seed: 7, aspect: { w: 1, h: 1 } });
  const source = images[0];
  if (!source) throw new Error('no image to upscale');
  return timed(UPSCALES, (i) => renderUpscale(source, 'subtle', i));
}

async function benchClip(root: string): Promise<Stats> {
  const { images, width, height } = await renderDiffusion({
    text: 'a lighthouse in a storm',
    seed: 3,
    aspect: { w: 16, h: 9 },
  });
  const picture = images[0];
  if (!picture) throw new Error('no image to animate');
  return timed(CLIPS, async (i) => {
    const stage = await buildStage(picture, clipSize({ width, height }, 480));
    const motion = { move: 'zoom-in' as const, high: false, raw: false, seed: i };
    await renderMoveClip(stage, { file: join(root, `clip-${i + 1}.mp4`), motion, seconds: 5 });
  });
}

function table(title: string, rows: ReadonlyArray<readonly [string, Stats]>): void {
  console.log(`\n| ${title} | n | p50 | p95 | mean |`);
  console.log(`|---|---|---|---|---|`);
  for (const [name, s] of rows) {
    console.log(`| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.mean)} |`);
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out waiting for a job to complete');
}

async function timeReads(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.status} from ${url}`);
  return performance.now() - t0;
}

async function benchReads(root: string) {
  const engine = await startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_DATA_DIR: join(root, 'engine'),
      ENGINE_TASK_MS: '0',
    }),
  );
  const proxy = await startProxy(
    loadProxyConfig(
      { PORT: '0', STUDIO_DATA_DIR: join(root, 'studio') },
      { upstreamUrl: engine.url, upstreamApiKey: engine.apiKey ?? '' },
    ),
  );
  try {
    const created = await fetch(`${engine.url}/api/v1/diffusion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': engine.apiKey ?? '' },
      body: JSON.stringify({ text: 'bench direct read' }),
    });
    const jobId = ((await created.json()) as { job_id: string }).job_id;
    const viaProxy = await fetch(`${proxy.url}/studio-api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'diffusion', params: { text: 'bench proxy read' } }),
    });
    const handle = ((await viaProxy.json()) as { job: { id: string } }).job.id;
    const engineUrl = `${engine.url}/api/v1/job/${jobId}`;
    const proxyUrl = `${proxy.url}/studio-api/jobs/${handle}`;
    await waitFor(
      async () =>
        ((await (await fetch(engineUrl)).json()) as { status: string }).status === 'completed',
    );
    await waitFor(async () => {
      const body = (await (await fetch(proxyUrl)).json()) as { job: { status: string } };
      return body.job.status === 'completed';
    });
    for (let i = 0; i < 50; i++) await Promise.all([timeReads(engineUrl), timeReads(proxyUrl)]);
    const direct: number[] = [];
    const proxied: number[] = [];
    // Interleaved, one at a time, so both see the same machine load.
    for (let i = 0; i < READS; i++) {
      direct.push(await timeReads(engineUrl));
      proxied.push(await timeReads(proxyUrl));
    }
    return { direct: stats(direct), proxied: stats(proxied) };
  } finally {
    await proxy.stop();
    await engine.stop();
  }
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  try {
    console.log(
      `machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}`,
    );
    table('engine media', [
      ['diffusion grid: 4 × 1024 px + 2×2 composite, PNG', await benchGrids()],
      ['upscale subtle: 1024² → 2048², PNG zlib 1, no filtering', await benchUpscale()],
      [`5 s 480p clip, 24 fps, ${X264_ARGS.join(' ')}`, await benchClip(root)],
    ]);
    const loop = await benchEngineLoop();
    console.log(
      `\n| engine while ${loop.remixes} remixes of a 1024 px image render | event loop delay p99 (target < 100 ms) | max | job reads | read p50 | read max (target < 250 ms) |`,
    );
    console.log(`|---|---|---|---|---|---|`);
    console.log(
      `| | ${ms(loop.loopP99Ms)} | ${ms(loop.loopMaxMs)} | ${loop.reads} | ${ms(loop.readP50Ms)} | ${ms(loop.readMaxMs)} |`,
    );
    const reads = await benchReads(root);
    table('job read (sequential)', [
      ['engine GET /api/v1/job/:id', reads.direct],
      ['proxy GET /studio-api/jobs/:id', reads.proxied],
    ]);
    const ratio = reads.proxied.p50 / reads.direct.p50;
    console.log(`\nproxy / engine read time, p50: ${ratio.toFixed(2)}×`);
    const history = await benchHistory();
    console.log(`\n| one studio's history on SQLite, 100,000 jobs, over HTTP | p50 |`);
    console.log(`|---|---|`);
    console.log(`| list one page of 50 (target ≤ 10 ms) | ${ms(history.listP50Ms)} |`);
    console.log(`| full-text prompt search (target ≤ 10 ms) | ${ms(history.searchP50Ms)} |`);
    const overhead = await benchStoreOverhead();
    console.log(
      `\nthe query builder on SQLite, in-process: a job read ${overhead.getUs.store.toFixed(1)} µs (${overhead.getUs.direct.toFixed(1)} µs straight on the statement), a page of 50 ${overhead.pageUs.store.toFixed(0)} µs (${overhead.pageUs.direct.toFixed(0)} µs)`,
    );
    printCreateEvent(await benchCreateEvent());
    const team = await benchReplicas();
    const jobs = team.jobs.toLocaleString('en-US');
    console.log(`\n| a team's replicas on PostgreSQL, ${jobs} jobs, over HTTP | n | p50 | p95 |`);
    console.log(`|---|---|---|---|`);
    console.log(`| history: one page of 50 (target p50 ≤ 10 ms) | | ${ms(team.listP50Ms)} | |`);
    console.log(`| history: prompt search (target p50 ≤ 10 ms) | | ${ms(team.searchP50Ms)} | |`);
    const fan = team.fanOut;
    console.log(
      `| a change on replica A → the event on replica B's stream (target p95 ≤ 250 ms) | ${fan.n} | ${ms(fan.p50)} | ${ms(fan.p95)} |`,
    );
    const teamSpend = team.spending;
    console.log(
      `| GET /studio-api/account/spending?days=90, the ledger in Postgres (target p95 ≤ 50 ms) | ${teamSpend.n} | ${ms(teamSpend.p50)} | ${ms(teamSpend.p95)} |`,
    );
    console.log(`\n| prompt parse and validate, as each create does | n | p50 | p95 |`);
    console.log(`|---|---|---|---|`);
    for (const { name, samples } of benchPromptParse()) {
      const s = stats(samples);
      console.log(`| ${name} | ${s.n} | ${us(s.p50)} | ${us(s.p95)} |`);
    }
    console.log(
      `\n| prompt shape at ${PROMPT_MAX} characters (target growth < 3, < 2 ms) | fastest | growth |`,
    );
    console.log(`|---|---|---|`);
    for (const { name, ms: fastest, growth } of benchPromptGrowth()) {
      console.log(`| ${name} | ${fastest.toFixed(3)} ms | ${growth.toFixed(2)}× |`);
    }
    const account = await benchAccount();
    const spend = account.spending;
    console.log(
      `\n| account page, ${account.jobs.toLocaleString('en-US')} jobs in the last 90 days | n | p50 | p95 | max |`,
    );
    console.log(`|---|---|---|---|---|`);
    console.log(
      `| GET /studio-api/account/spending?days=90 over HTTP (target p95 ≤ 50 ms) | ${spend.n} | ${ms(spend.p50)} | ${ms(spend.p95)} | |`,
    );
    for (const c of account.chartVisible) {
      console.log(
        `| Create → account page, first bar of the ${c.days}-day chart, headless Chromium (target ≤ 300 ms) | ${c.n} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(c.max)} |`,
      );
    }
    const paint = await benchCanvasPaint();
    const { width, height } = paint.image;
    console.log(`\nbrowser: ${paint.browser}`);
    console.log(
      `\n| canvas editor, ${paint.moves}-move stroke on ${width}×${height}, headless Chromium, 60 Hz | earlier strokes | frames | p50 | p95 | max | late (> 25 ms) | main thread per frame |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|`);
    for (const p of paint.points) {
      const f = p.interval;
      console.log(
        `| requestAnimationFrame interval | ${p.historyStrokes} | ${f.frames} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | ${f.late} | ${ms(p.busyMsPerFrame)} |`,
      );
    }
    console.log(
      `\n| earlier strokes | longest frame while painting them (frames > 50 ms) | of those, made long by the page's work (longest block) | JS heap after GC | undo to next frame, p50 / max |`,
    );
    console.log(`|---|---|---|---|---|`);
    for (const p of paint.points) {
      const g = p.growth;
      console.log(
        `| ${p.historyStrokes} | ${ms(g.longestFrameMs)} (${g.longFrames}) | ${g.blockedFrames} (${ms(g.longestBlockMs)}) | ${p.heapMB.toFixed(1)} MB | ${ms(p.undoMs.p50)} / ${ms(p.undoMs.max)} |`,
      );
    }
    console.log(
      `clock: ${paint.fineClock ? '5 µs (cross-origin isolated)' : '100 µs (not isolated)'}; rAF interval p95 under ${paint.target} ms: ${paint.met ? 'met' : 'not met'}`,
    );
    printMaskTools(await benchMaskTools());
    printLasso(await benchLasso());
    printLiveResults(await benchLiveResults());
    printProxyCost(await benchProxyCost());
    printAuthorization(await benchAuthorization());
    printFirstPaint(await benchFirstPaint());
    printSharePage(await benchSharePage());
    console.log('\nlibrary gallery at 100,000 jobs (bench/gallery.ts):');
    console.log(JSON.stringify(await benchGallery(), null, 2));
    printThumbMakers(await benchThumbMakers());
    printBatch(await benchBatch());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
