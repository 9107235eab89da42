/**
 * What the query builder costs on the studio's hottest reads, one studio on SQLite: a job
 * read and a page of 50 through the store, against the same SQL run straight on the
 * file's cached better-sqlite3 statement (what the studio ran before the one store).
 * In-process, sequential, after a warm-up; medians of 5 runs of 2,000.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { JOB_COLUMNS, jobColumnsOf, toRecord } from '@/proxy/store/rows';
import { openSqliteStore } from '@/proxy/store/sqlite/open';
import { openSqlite, prepared } from '@/server/sqlite';
import { fillStore } from './fill-store';
import { benchJob, prng } from './history';

const JOBS = 10_000;
const N = 2000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function perCall(fn: () => unknown): Promise<number> {
  for (let i = 0; i < 200; i++) await fn();
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await fn();
    runs.push(((performance.now() - t0) / N) * 1000);
  }
  return median(runs);
}

export interface StoreOverhead {
  getUs: { store: number; direct: number };
  pageUs: { store: number; direct: number };
}

export async function benchStoreOverhead(): Promise<StoreOverhead> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
  try {
    const rand = prng(3);
    await fillStore({ dataDir: dir }, JOBS, (i) => benchJob(i, rand, 60_000));
    const store = await openSqliteStore(dir, { upstreamTtlMs: 1, uploadsCapBytes: 1 });
    const raw = openSqlite(join(dir, 'studio.sqlite'));
    try {
      const handle = 'bench0005000';
      const one = `SELECT ${JOB_COLUMNS.join(', ')} FROM jobs WHERE handle = ? AND deleted_at IS NULL`;
      const page = `SELECT ${jobColumnsOf('jobs')} FROM jobs WHERE jobs.deleted_at IS NULL
        AND (jobs.create_state IS NULL OR jobs.create_state <> 'sending') AND jobs.seq < ?
        ORDER BY jobs.seq DESC LIMIT 51`;
      return {
        getUs: {
          store: await perCall(() => store.history.get(handle)),
          direct: await perCall(() => toRecord(prepared(raw, one).get(handle), 0)),
        },
        pageUs: {
          store: await perCall(() => store.history.list({ beforeSeq: null, limit: 50 })),
          direct: await perCall(() =>
            prepared(raw, page)
              .all(Number.MAX_SAFE_INTEGER)
              .map((r) => toRecord(r, 0)),
          ),
        },
      };
    } finally {
      raw.close();
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await benchStoreOverhead();
  console.log(
    `a job read:      ${f.getUs.store.toFixed(1)} µs through the store, ${f.getUs.direct.toFixed(1)} µs direct`,
  );
  console.log(
    `a page of 50:    ${f.pageUs.store.toFixed(1)} µs through the store, ${f.pageUs.direct.toFixed(1)} µs direct`,
  );
}
