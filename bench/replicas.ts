/**
 * A team's deployment: the studio on PostgreSQL (a throwaway server from npm, as the tests
 * use). The history at 100,000 jobs over HTTP through one replica (target ≤ 10 ms p50),
 * and how long a change made on one replica takes to reach a browser on another: from the
 * request to replica A (a favourite set) to its `job` event on replica B's stream. And
 * the account page's 90-day spending over the same jobs, moved into the last 90 days.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy, type RunningProxy } from '@/proxy/server';
import { startTestPostgres } from '@/proxy/test/test-postgres';
import { timeSpending } from './account';
import { fillStore } from './fill-store';
import { benchJob, prng, timeHistory } from './history';

const JOBS = 100_000;
const ROUNDS = 5;
const FAN_OUT = 200;

/** 100,000 finished jobs, as the studio would have written them. */
async function fill(url: string): Promise<void> {
  const rand = prng(7);
  await fillStore({ url }, JOBS, (i) => benchJob(i, rand, 90_000));
  const pool = new pg.Pool({ connectionString: url });
  try {
    // Into the last 90 days (104 days of jobs squeezed into 83), for the spending page:
    // the ledger's triggers follow the change.
    await pool.query(
      `UPDATE jobs SET created_ms = (created_ms - (SELECT MIN(created_ms) FROM jobs)) * 4 / 5
         + $1::bigint`,
      [Date.now() - 88 * 24 * 3_600_000],
    );
    await pool.query('VACUUM ANALYZE jobs');
    await pool.query('VACUUM ANALYZE ledger');
    await pool.query('VACUUM ANALYZE ledger_quarters');
  } finally {
    await pool.end();
  }
}

const percentile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

/** Favourites toggled on A, one at a time; each timed until B's stream shows it. */
async function fanOut(a: RunningProxy, b: RunningProxy): Promise<number[]> {
  const abort = new AbortController();
  const res = await fetch(`${b.url}/studio-api/events`, { signal: abort.signal });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no event stream');
  const decoder = new TextDecoder();
  let text = '';
  const seen = async (marker: string) => {
    while (!text.includes(marker)) {
      const r = await reader.read();
      if (r.done) throw new Error('the event stream ended');
      text += decoder.decode(r.value, { stream: true });
    }
    text = text.slice(text.indexOf(marker) + marker.length);
  };
  const samples: number[] = [];
  try {
    for (let i = 0; i < FAN_OUT; i++) {
      const handle = `bench${String(JOBS - 1 - i).padStart(7, '0')}`;
      const t0 = performance.now();
      const put = await fetch(`${a.url}/studio-api/jobs/${handle}/favourite`, { method: 'PUT' });
      if (!put.ok) throw new Error(`favourite: HTTP ${put.status}`);
      await seen(`"id":"${handle}"`);
      samples.push(performance.now() - t0);
    }
  } finally {
    abort.abort();
  }
  return samples;
}

export interface ReplicaFigures {
  jobs: number;
  listP50Ms: number;
  searchP50Ms: number;
  fanOut: { n: number; p50: number; p95: number };
  spending: { n: number; p50: number; p95: number };
}

export async function benchReplicas(): Promise<ReplicaFigures> {
  const server = await startTestPostgres();
  const root = mkdtempSync(join(tmpdir(), 'bench-replicas-'));
  const proxies: RunningProxy[] = [];
  try {
    const url = await server.freshDatabase();
    await fill(url);
    for (const name of ['a', 'b']) {
      const config = loadProxyConfig(
        {
          PORT: '0',
          STUDIO_DATA_DIR: join(root, name),
          STUDIO_WEB_DIR: join(root, 'web'),
          STUDIO_CALLBACKS: 'off',
          DATABASE_URL: url,
        },
        // Nothing is running, so the upstream is never asked; the address only has to parse.
        { upstreamUrl: 'http://127.0.0.1:9', upstreamApiKey: 'bench' },
      );
      proxies.push(await startProxy(config));
    }
    const [a, b] = proxies;
    if (!a || !b) throw new Error('no replicas');
    const history = await timeHistory(a.url, ROUNDS);
    const figures = (samples: number[]) => ({
      n: samples.length,
      p50: percentile(samples, 0.5),
      p95: percentile(samples, 0.95),
    });
    const fan = figures(await fanOut(a, b));
    const spending = figures(await timeSpending(b.url, JOBS));
    return { jobs: JOBS, ...history, fanOut: fan, spending };
  } finally {
    for (const p of proxies) await p.stop();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
