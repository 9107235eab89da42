/**
 * `npm run bench`: measured side by side in one run, on this machine.
 * 1. Time per diffusion grid in the engine (4 images + composite, PNG encoded).
 * 2. Job reads through the proxy versus straight from the engine, as a ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadEngineConfig } from '../src/engine/config';
import { renderDiffusion } from '../src/engine/media/diffusion';
import { startEngine } from '../src/engine/server';
import { loadProxyConfig } from '../src/proxy/config';
import { startProxy } from '../src/proxy/server';

const GRIDS = 12;
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

async function benchGrids(): Promise<Stats> {
  const prompts = ['a lighthouse in a storm', 'a red fox in snow', 'neon city at night'];
  await renderDiffusion({ text: 'warm up', seed: 1, aspect: { w: 1, h: 1 } });
  const samples: number[] = [];
  for (let i = 0; i < GRIDS; i++) {
    const t0 = performance.now();
    await renderDiffusion({
      text: prompts[i % prompts.length] ?? '',
      seed: 1000 + i,
      aspect: i % 2 ? { w: 16, h: 9 } : { w: 1, h: 1 },
    });
    samples.push(performance.now() - t0);
  }
  return stats(samples);
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
    const grids = await benchGrids();
    console.log(`\n| diffusion grid (4 × 1024 px + composite, PNG) | n | p50 | p95 | mean |`);
    console.log(`|---|---|---|---|---|`);
    console.log(
      `| renderDiffusion | ${grids.n} | ${ms(grids.p50)} | ${ms(grids.p95)} | ${ms(grids.mean)} |`,
    );
    const reads = await benchReads(root);
    console.log(`\n| job read (sequential) | n | p50 | p95 | mean |`);
    console.log(`|---|---|---|---|---|`);
    for (const [name, s] of [
      ['engine GET /api/v1/job/:id', reads.direct],
      ['proxy GET /studio-api/jobs/:id', reads.proxied],
    ] as const) {
      console.log(`| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.mean)} |`);
    }
    console.log(
      `\nproxy / engine read time, p50: ${(reads.proxied.p50 / reads.direct.p50).toFixed(2)}×`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
