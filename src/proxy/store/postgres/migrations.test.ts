import { describe, expect, it } from 'vitest';
import { openPostgres, type PgPool } from '@/server/postgres';
import { storeKinds } from '@/proxy/test/store-kinds';
import { migratePostgres } from './migrations';
import { pgLedgerQueries } from './spending';

const kinds = storeKinds(0);

/** A job row as a replica writes it, its ledger row made by the triggers. */
const insertJob = (
  pool: PgPool,
  ...v: [string, string | null, string, string, string, number, number, number]
) =>
  pool.query(
    `INSERT INTO jobs (handle, upstream_id, parent_handle, operation, prompt, prompt_words,
       status, created_at, created_ms, cost_frozen, cost_consumed, updated_at, added_ms)
     VALUES ($1, 'u', $2, $3, $4, ''::tsvector, $5, '2026-04-01T10:00:00Z', $6, $7, $8,
       '2026-04-01T10:00:00Z', 0)`,
    v,
  );

describe('the Postgres ledger migration', () => {
  it('counts the spending of jobs stored before the ledger existed (version 4)', async () => {
    const pool = openPostgres(await kinds.freshPostgres());
    try {
      await migratePostgres(pool, 3);
      const insert = (
        ...v: Parameters<typeof insertJob> extends [PgPool, ...infer R] ? R : never
      ) => insertJob(pool, ...v);
      await insert(
        'oldTurbo0001',
        null,
        'diffusion',
        'a fox\n--turbo',
        'completed',
        1000,
        160,
        160,
      );
      await insert('oldChild0001', 'oldTurbo0001', 'remix', 'blue', 'completed', 2000, 240, 240);
      await insert('oldFailed001', null, 'diffusion', 'a fox', 'failed', 3000, 80, 0);
      await insert('oldActive001', null, 'describe', 'x --turbo', 'processing', 4000, 20, 0);
      await migratePostgres(pool);
      const { rows } = await pool.query(
        'SELECT handle, speed, status, frozen, consumed, refunded, created_ms FROM ledger ORDER BY created_ms',
      );
      expect(rows).toEqual([
        row('oldTurbo0001', 'turbo', 'completed', 160, 160, 0, 1000),
        row('oldChild0001', 'turbo', 'completed', 240, 240, 0, 2000),
        row('oldFailed001', 'fast', 'failed', 80, 0, 80, 3000),
        row('oldActive001', 'fast', 'processing', 20, 0, 0, 4000),
      ]);
    } finally {
      await pool.end();
    }
  });
});

describe('the ledger’s quarter-hour sums (version 5)', () => {
  it('equal the sums of its rows through every kind of change, jobs stored before included', async () => {
    const pool = openPostgres(await kinds.freshPostgres());
    const Q = 15 * 60 * 1000;
    const sums = async () => ({
      kept: (
        await pool.query(
          `SELECT quarter, operation, jobs, CAST(consumed AS double precision) AS consumed,
             CAST(refunded AS double precision) AS refunded
           FROM ledger_quarters ORDER BY 1, 2`,
        )
      ).rows,
      counted: (
        await pool.query(
          `SELECT created_ms / ${Q} AS quarter, operation, CAST(COUNT(*) AS integer) AS jobs,
             SUM(consumed) AS consumed, SUM(refunded) AS refunded
           FROM ledger GROUP BY 1, 2 ORDER BY 1, 2`,
        )
      ).rows,
    });
    const expectKept = async (jobs: number) => {
      const { kept, counted } = await sums();
      expect(kept).toEqual(counted);
      expect(kept.reduce((n, r: { jobs: number }) => n + r.jobs, 0)).toBe(jobs);
    };
    try {
      await migratePostgres(pool, 4);
      await insertJob(pool, 'before00001', null, 'diffusion', 'a', 'completed', 1000, 80, 80);
      await insertJob(pool, 'before00002', null, 'diffusion', 'b', 'failed', Q + 5, 80, 0);
      await migratePostgres(pool);
      await expectKept(2);

      await insertJob(pool, 'added000001', null, 'upscale', 'c', 'processing', 2000, 160, 0);
      await insertJob(pool, 'added000002', null, 'diffusion', 'd', 'processing', 3000, 0.1, 0);
      await insertJob(pool, 'added000003', null, 'diffusion', 'e', 'pending', 3 * Q, 0, 0);
      await expectKept(5);
      // Finished: consumed, or refunded; then moved to another quarter hour.
      await pool.query(
        `UPDATE jobs SET status = 'completed', cost_consumed = 160 WHERE handle = 'added000001'`,
      );
      await pool.query(`UPDATE jobs SET status = 'failed' WHERE handle = 'added000002'`);
      await pool.query(`UPDATE jobs SET created_ms = created_ms + ${2 * Q} WHERE handle LIKE 'a%'`);
      await expectKept(5);
      // A job that cost nothing leaves the ledger when deleted; one that cost stays in it.
      await pool.query(`DELETE FROM jobs WHERE handle IN ('added000003', 'before00001')`);
      await expectKept(4);
      const { rows } = await pool.query(
        `SELECT quarter, CAST(refunded AS double precision) AS refunded FROM ledger_quarters
         WHERE operation = 'diffusion' AND refunded > 0 ORDER BY 1`,
      );
      expect(rows).toEqual([
        { quarter: 1, refunded: 80 },
        { quarter: 2, refunded: 0.1 },
      ]);
    } finally {
      await pool.end();
    }
  });
});

describe('the spending days’ cells on Postgres', () => {
  it('come from the quarter-hour sums when the days start on quarter hours, else from the rows', async () => {
    const pool = openPostgres(await kinds.freshPostgres());
    const Q = 15 * 60 * 1000;
    const DAY = 24 * 60 * 60 * 1000;
    const d0 = Date.parse('2026-05-01T00:00:00Z');
    const days = (from: number) =>
      [0, 1].map((i) => ({ day: `d${i}`, startMs: from + i * DAY, endMs: from + (i + 1) * DAY }));
    const cells = async (from: number) =>
      (await pgLedgerQueries(pool).cells(days(from)))
        .map(({ n, jobs, consumed }) => ({ n, jobs, consumed }))
        .sort((a, b) => a.n - b.n);
    try {
      await migratePostgres(pool);
      await insertJob(
        pool,
        'startOfDay0',
        null,
        'diffusion',
        'a',
        'completed',
        d0 + 60_000,
        80,
        80,
      );
      // Two jobs in one quarter hour, on both sides of 7.5 minutes into day 1.
      const q1 = d0 + DAY;
      await insertJob(
        pool,
        'fiveMinutes',
        null,
        'diffusion',
        'b',
        'completed',
        q1 + 5 * 60_000,
        8,
        8,
      );
      await insertJob(
        pool,
        'tenMinutes1',
        null,
        'diffusion',
        'c',
        'completed',
        q1 + 10 * 60_000,
        4,
        4,
      );
      expect(await cells(d0)).toEqual([
        { n: 0, jobs: 1, consumed: 80 },
        { n: 1, jobs: 2, consumed: 12 },
      ]);
      // Days starting 7.5 minutes past a quarter hour split that quarter hour's jobs.
      expect(await cells(d0 + Q / 2)).toEqual([
        { n: 0, jobs: 1, consumed: 8 },
        { n: 1, jobs: 1, consumed: 4 },
      ]);
      // The first read the sums alone (emptied here, as no change to the ledger would).
      await pool.query('DELETE FROM ledger_quarters');
      expect(await cells(d0)).toEqual([]);
      expect(await cells(d0 + Q / 2)).toHaveLength(2);
    } finally {
      await pool.end();
    }
  });
});

const row = (
  handle: string,
  speed: string,
  status: string,
  frozen: number,
  consumed: number,
  refunded: number,
  created_ms: number,
) => ({ handle, speed, status, frozen, consumed, refunded, created_ms });
