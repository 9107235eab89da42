/**
 * One studio's history, on its SQLite file, at 100,000 jobs: list pages (with and without
 * filters, deep cursor pages) and full-text searches, timed over HTTP through the real
 * proxy, so a sample is what the browser waits for: query, row parsing, JSON and the
 * socket. Target: ≤ 10 ms p50 (`bench/replicas.ts` times the same on Postgres).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { taskResponseSchema, type TaskStatus, type TaskType } from '@/contract/task';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy } from '@/proxy/server';
import { fillStore } from './fill-store';

const JOBS = 100_000;
const ROUNDS = 5;

const WORDS = (
  'lighthouse storm fox owl forest neon city night river mountain portrait castle desert ' +
  'ocean robot garden winter sunset dragon market cathedral harbour meadow glacier temple ' +
  'library lantern train bridge canyon orchard'
).split(' ');
const OPERATIONS: TaskType[] = ['diffusion', 'upscale', 'variation', 'remix', 'video_diffusion'];
const STATUSES: TaskStatus[] = ['completed', 'completed', 'completed', 'failed'];

/** Deterministic, so runs compare. */
export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A finished task as the upstream would have answered it. */
function taskOf(i: number, prompt: string, createdAt: string, status: TaskStatus) {
  const images = [0, 1, 2, 3].map((n) => `https://cdn.example.com/job${i}_${n}.png`);
  const usage = { type: 'point', frozen: 80, consume: 80 };
  return taskResponseSchema.parse({
    job_id: `job-${i}`,
    model: 'midjourney',
    task_type: 'diffusion',
    status,
    config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
    input: { text: prompt },
    output: status === 'completed' ? { image_url: images[0], image_urls: images, seed: '1' } : null,
    meta: { created_at: createdAt, started_at: createdAt, ended_at: createdAt, usage },
    detail: null,
    logs: [],
    error: { code: status === 'failed' ? 400 : 0, message: '', raw_message: '', detail: null },
  });
}

/** Job `i` of a deterministic history: its words, operation and status drawn from `rand`. */
export function benchJob(i: number, rand: () => number, spacingMs: number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const words = Array.from({ length: 4 + Math.floor(rand() * 8) }, () => pick(WORDS));
  const prompt = words.join(' ');
  const createdAt = new Date(Date.parse('2025-06-01T00:00:00Z') + i * spacingMs).toISOString();
  const status = pick(STATUSES);
  const task = taskOf(i, prompt, createdAt, status);
  return {
    handle: `bench${String(i).padStart(7, '0')}`,
    upstreamId: task.job_id,
    parentHandle: null,
    parentIndex: null,
    operation: pick(OPERATIONS),
    prompt,
    createdAt,
    dims: { grid: { width: 2048, height: 2048 } },
    task,
    status,
    progress: 100,
    startedAt: createdAt,
    endedAt: createdAt,
    cost: { frozen: 80, consumed: 80, unit: 'point' },
    output: task.output,
    error: null,
  };
}

function fill(dataDir: string): Promise<void> {
  const rand = prng(7);
  return fillStore({ dataDir }, JOBS, (i) => benchJob(i, rand, 90_000));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time(url: string): Promise<{ ms: number; nextCursor: string | null }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as { jobs?: unknown[]; nextCursor?: string | null };
  const ms = performance.now() - t0;
  if (!res.ok || !Array.isArray(body.jobs)) throw new Error(`${url}: HTTP ${res.status}`);
  return { ms, nextCursor: body.nextCursor ?? null };
}

/** The first page and four pages further on (a cursor deep into the history). */
async function pages(base: string, query: string): Promise<number[]> {
  const samples: number[] = [];
  let cursor: string | null = null;
  for (let p = 0; p < 5; p++) {
    const r = await time(
      `${base}/studio-api/jobs?limit=50${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    samples.push(r.ms);
    cursor = r.nextCursor;
    if (!cursor) break;
  }
  return samples;
}

/** Pages of the list under four filters, and four prompt searches: p50 of each kind. */
export async function timeHistory(
  base: string,
  rounds: number,
): Promise<{ listP50Ms: number; searchP50Ms: number }> {
  const lists = [
    '',
    '&status=failed',
    '&operation=upscale,remix',
    '&from=2025-07-01&to=2025-07-31',
  ];
  const searches = [
    '&q=lighthouse',
    '&q=storm%20fox',
    '&q=cath',
    '&q=glacier%20temple%20night&status=completed',
  ];
  await pages(base, ''); // warm up
  const list: number[] = [];
  const search: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of lists) list.push(...(await pages(base, q)));
    for (const q of searches) search.push(...(await pages(base, q)));
  }
  return { listP50Ms: median(list), searchP50Ms: median(search) };
}

export async function benchHistory(): Promise<{ listP50Ms: number; searchP50Ms: number }> {
  const root = mkdtempSync(join(tmpdir(), 'bench-history-'));
  try {
    await fill(root);
    const config = loadProxyConfig(
      {
        PORT: '0',
        STUDIO_DATA_DIR: root,
        STUDIO_WEB_DIR: join(root, 'web'),
        STUDIO_CALLBACKS: 'off',
      },
      // Nothing is running, so the upstream is never asked; the address only has to parse.
      { upstreamUrl: 'http://127.0.0.1:9', upstreamApiKey: 'bench' },
    );
    const proxy = await startProxy(config);
    try {
      return await timeHistory(proxy.url, ROUNDS);
    } finally {
      await proxy.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
