import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobUpdater } from '../sync/updater';
import { createRedactor } from '../log';
import { createLogger } from '@/server/log';
import { insertJob, taskWith } from '../test/ledger-jobs';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import type { HistoryStore } from './shared-store';
import { ledgerQueries } from './spending';

const kinds = storeKinds(1024 * 1024);

/** The same rules on both databases: SQLite's triggers, and Postgres's in PL/pgSQL. */
describe.each(STORE_KINDS)('the spending ledger on %s', (kind) => {
  let opened: OpenedStore;
  let store: HistoryStore;
  let updater: JobUpdater;

  beforeEach(async () => {
    opened = await kinds.open(kind);
    store = opened.store.history;
    const redact = createRedactor([]);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    updater = new JobUpdater({
      history: store,
      // Text results only: nothing to download.
      prefetch: { enqueue: () => undefined },
      redact,
      log: createLogger({ level: 'silent' }),
      signal: new AbortController().signal,
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await opened.close();
  });

  const row = async (handle: string) =>
    (
      await opened.query(
        'SELECT operation, speed, status, frozen, consumed, refunded FROM ledger WHERE handle = @handle',
        { handle },
      )
    )[0];

  /** What the service says next about a job created with `frozen` credits. */
  const apply = (
    handle: string,
    status: 'processing' | 'completed' | 'failed',
    f: number,
    c: number,
  ) => updater.apply(handle, taskWith(`up-${handle}`, { status, frozen: f, consume: c }));

  it('records the freeze of a create, then what a completion consumed', async () => {
    await insertJob(store, { handle: 'job-done-001', status: 'pending', frozen: 80, consume: 0 });
    expect(await row('job-done-001')).toEqual({
      operation: 'diffusion',
      speed: 'fast',
      status: 'pending',
      frozen: 80,
      consumed: 0,
      refunded: 0,
    });
    await apply('job-done-001', 'processing', 80, 0);
    await apply('job-done-001', 'completed', 80, 80);
    expect(await row('job-done-001')).toMatchObject({
      status: 'completed',
      consumed: 80,
      refunded: 0,
    });
  });

  it('records a failed job’s frozen credits as refunded', async () => {
    await insertJob(store, { handle: 'job-fail-001', status: 'pending', frozen: 160, consume: 0 });
    await apply('job-fail-001', 'failed', 160, 0);
    expect(await row('job-fail-001')).toMatchObject({
      status: 'failed',
      frozen: 160,
      consumed: 0,
      refunded: 160,
    });
  });

  it('keeps the refund when the service zeroes a failed task’s usage', async () => {
    await insertJob(store, { handle: 'job-fail-002', status: 'pending', frozen: 120, consume: 0 });
    await apply('job-fail-002', 'failed', 0, 0);
    expect(await row('job-fail-002')).toMatchObject({ frozen: 120, consumed: 0, refunded: 120 });
  });

  it('refunds the difference when a job consumed less than it froze', async () => {
    await insertJob(store, { handle: 'job-part-001', status: 'pending', frozen: 80, consume: 0 });
    await apply('job-part-001', 'completed', 80, 60);
    expect(await row('job-part-001')).toMatchObject({ frozen: 80, consumed: 60, refunded: 20 });
  });

  it('ignores a replayed answer once the job finished, and survives deletion', async () => {
    await insertJob(store, { handle: 'job-fail-003', status: 'pending', frozen: 80, consume: 0 });
    await apply('job-fail-003', 'failed', 80, 0);
    await apply('job-fail-003', 'completed', 80, 80);
    expect(await row('job-fail-003')).toMatchObject({
      status: 'failed',
      consumed: 0,
      refunded: 80,
    });
    await store.remove('job-fail-003');
    expect(await store.get('job-fail-003')).toBeNull();
    expect(await row('job-fail-003')).toMatchObject({ status: 'failed', refunded: 80 });
  });

  it('forgets a deleted job that never cost anything', async () => {
    await insertJob(store, { handle: 'job-free-001', status: 'failed', frozen: 0, consume: 0 });
    await store.remove('job-free-001');
    expect(await row('job-free-001')).toBeUndefined();
  });

  it('reads the billed speed from the prompt flags, a follow-up inheriting its parent’s', async () => {
    const job = (handle: string, prompt: string, more: object = {}) =>
      insertJob(store, {
        handle,
        prompt,
        status: 'completed',
        frozen: 1,
        consume: 1,
        ...more,
      });
    await job('speed-turbo1', 'a fox --ar 16:9 --turbo');
    await job('speed-fast01', 'a fox\t--fast');
    await job('speed-word01', 'a turbo--turbo fox');
    await job('speed-child1', 'a fox --ar 16:9 --turbo', {
      operation: 'upscale',
      parentHandle: 'speed-turbo1',
    });
    await job('speed-child2', 'make it blue', { operation: 'remix', parentHandle: 'speed-turbo1' });
    await job('speed-child3', 'make it blue --fast', {
      operation: 'remix',
      parentHandle: 'speed-turbo1',
    });
    await job('speed-short1', 'a long prompt --turbo', { operation: 'shorten' });
    const speeds = (await opened.query('SELECT handle, speed FROM ledger')) as { handle: string }[];
    speeds.sort((a, b) => (a.handle < b.handle ? -1 : 1));
    expect(speeds).toEqual([
      { handle: 'speed-child1', speed: 'turbo' },
      { handle: 'speed-child2', speed: 'turbo' },
      { handle: 'speed-child3', speed: 'fast' },
      { handle: 'speed-fast01', speed: 'fast' },
      { handle: 'speed-short1', speed: 'fast' },
      { handle: 'speed-turbo1', speed: 'turbo' },
      { handle: 'speed-word01', speed: 'fast' },
    ]);
  });

  const Q = 15 * 60 * 1000;
  /** A job's row as a studio writes it, at `createdMs`; its ledger row made by the triggers. */
  const raw = async (handle: string, status: string, createdMs: number, f: number, c: number) => {
    const prompt = `job ${handle}`;
    await opened.query(
      `INSERT INTO jobs (handle, upstream_id, operation, prompt, status, created_at,
         created_ms, cost_frozen, cost_consumed, updated_at, added_ms${kind === 'sqlite' ? ', seq' : ', prompt_words'})
       VALUES (@handle, 'u', 'diffusion', @prompt, @status, '2026-04-01T10:00:00Z', @created,
         @frozen, @consumed, '2026-04-01T10:00:00Z', 0,
         ${kind === 'sqlite' ? '(SELECT COALESCE(MAX(seq), 0) + 1 FROM jobs)' : "''::tsvector"})`,
      { handle, prompt, status, created: createdMs, frozen: f, consumed: c },
    );
  };

  it('keeps sums per quarter hour equal to its rows through every kind of change', async () => {
    const sums = async () => ({
      kept: await opened.query(
        `SELECT quarter, operation, jobs, CAST(consumed AS double precision) AS consumed,
           CAST(refunded AS double precision) AS refunded
         FROM ledger_quarters ORDER BY 1, 2`,
      ),
      counted: await opened.query(
        `SELECT created_ms / ${Q} AS quarter, operation, CAST(COUNT(*) AS integer) AS jobs,
           CAST(SUM(consumed) AS double precision) AS consumed,
           CAST(SUM(refunded) AS double precision) AS refunded
         FROM ledger GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    });
    const expectKept = async (jobs: number) => {
      const { kept, counted } = await sums();
      expect(kept).toEqual(counted);
      expect((kept as { jobs: number }[]).reduce((n, r) => n + r.jobs, 0)).toBe(jobs);
    };
    await raw('before00001', 'completed', 1000, 80, 80);
    await raw('before00002', 'failed', Q + 5, 80, 0);
    await raw('added000001', 'processing', 2000, 160, 0);
    await raw('added000002', 'processing', 3000, 0.5, 0);
    await raw('added000003', 'pending', 3 * Q, 0, 0);
    await expectKept(5);
    // Finished: consumed, or refunded; then moved to another quarter hour.
    await opened.query(
      `UPDATE jobs SET status = 'completed', cost_consumed = 160 WHERE handle = 'added000001'`,
    );
    await opened.query(`UPDATE jobs SET status = 'failed' WHERE handle = 'added000002'`);
    await opened.query(`UPDATE jobs SET created_ms = created_ms + ${2 * Q} WHERE handle LIKE 'a%'`);
    await expectKept(5);
    // A job that cost nothing leaves the ledger when deleted; one that cost stays in it.
    await opened.query(`DELETE FROM jobs WHERE handle IN ('added000003', 'before00001')`);
    await expectKept(4);
    expect(
      await opened.query(
        `SELECT quarter, CAST(refunded AS double precision) AS refunded FROM ledger_quarters
         WHERE operation = 'diffusion' AND refunded > 0 ORDER BY 1`,
      ),
    ).toEqual([
      { quarter: 1, refunded: 80 },
      { quarter: 2, refunded: 0.5 },
    ]);
  });

  it('adds up days from the quarter-hour sums when they start on quarter hours, else the rows', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const d0 = Date.parse('2026-05-01T00:00:00Z');
    const days = (from: number) =>
      [0, 1].map((i) => ({ day: `d${i}`, startMs: from + i * DAY, endMs: from + (i + 1) * DAY }));
    const cells = async (from: number) =>
      (await ledgerQueries(opened.db, opened.d).cells(days(from)))
        .map(({ n, jobs, consumed }) => ({ n, jobs, consumed }))
        .sort((a, b) => a.n - b.n);
    await raw('startOfDay0', 'completed', d0 + 60_000, 80, 80);
    // Two jobs in one quarter hour, on both sides of 7.5 minutes into day 1.
    await raw('fiveMinutes', 'completed', d0 + DAY + 5 * 60_000, 8, 8);
    await raw('tenMinutes1', 'completed', d0 + DAY + 10 * 60_000, 4, 4);
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
    await opened.query('DELETE FROM ledger_quarters');
    expect(await cells(d0)).toEqual([]);
    expect(await cells(d0 + Q / 2)).toHaveLength(2);
  });
});
