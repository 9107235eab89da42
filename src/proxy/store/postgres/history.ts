import type { TaskResponse } from '@/contract/task';
import { inTransaction, type PgPool } from '@/server/postgres';
import {
  INTENT_STATE,
  acceptsUpdate,
  type JobRecord,
  type JobState,
  type MediaDims,
} from '@/proxy/model/record';
import {
  ANCESTORS,
  CHILDREN,
  historyPage,
  historyWhere,
  pageOf,
  type HistoryFilter,
} from '../history';
import { KeyTaken, type IdempotencyClaim } from '../idempotency-keys';
import type { ActiveJob, Intent, JobChange } from '../jobs';
import { JOB_COLUMNS, STATE_SET, createdMs, stateParams, toRecord, type NewJob } from '../rows';
import type { HistoryStore } from '../shared-store';
import { followJobs } from './leases';
import { removeJob } from './remove';
import { PROMPT_WORDS, first, insertJob, promptWords, run, type Queryable } from './sql';

/** How many of the newest rows a search looks through before it asks the word index. */
const SEARCH_WINDOW = 2000;

/**
 * `historyPage` over the newest `@window` rows before the cursor only: when it fills a
 * page, the page is the same (they are the newest matches), found without the index.
 */
const recentPage = (where: string): string =>
  `SELECT ${JOB_COLUMNS} FROM (SELECT * FROM jobs WHERE seq < @before
     ORDER BY seq DESC LIMIT @window) jobs WHERE ${where} ORDER BY seq DESC LIMIT @limit`;

/** The history in Postgres, shared by every replica; the same behaviour as `JobStore`. */
export class PgHistory implements HistoryStore {
  private readonly listeners = new Set<(change: JobChange) => void>();

  constructor(
    private readonly pool: PgPool,
    private readonly upstreamTtlMs = 72 * 60 * 60 * 1000,
    private readonly createTimeoutMs = 0,
  ) {}

  watch(fn: (change: JobChange) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(change: JobChange): void {
    for (const fn of this.listeners) fn(change);
  }

  private records(rows: unknown[]): JobRecord[] {
    const expiredBefore = Date.now() - this.upstreamTtlMs;
    return rows.map((r) => toRecord(r, expiredBefore));
  }

  private async one(db: Queryable, where: string, value: string): Promise<JobRecord | null> {
    const { rows } = await run(db, `SELECT ${JOB_COLUMNS} FROM jobs WHERE ${where}`, { value });
    return this.records(rows)[0] ?? null;
  }

  async insert(job: NewJob): Promise<JobRecord> {
    await insertJob(this.pool, job, null);
    const stored = await this.get(job.handle);
    if (!stored) throw new Error('job vanished right after insert');
    this.changed({ type: 'job', handle: job.handle });
    return stored;
  }

  async recordIntent(intent: Intent, claim: IdempotencyClaim | null): Promise<void> {
    await inTransaction(this.pool, async (c) => {
      const row = { ...intent, upstreamId: '', createdAt: new Date().toISOString(), dims: {} };
      await insertJob(c, { ...row, task: null, ...INTENT_STATE }, 'sending');
      if (!claim) return;
      // A deleted or refused job's key went with it (`removeJob`): a key here is live.
      const { changes } = await run(
        c,
        `INSERT INTO idempotency_keys (key, fingerprint, handle, created_at)
         VALUES (@key, @fingerprint, @handle, @created_at) ON CONFLICT (key) DO NOTHING`,
        { ...claim, handle: intent.handle, created_at: new Date().toISOString() },
      );
      if (changes === 0) throw new KeyTaken(claim.key);
    });
  }

  /**
   * As `JobStore.confirmCreate`. Another replica may confirm the same create at the same
   * moment (its callback came first): the update takes only an open create, so whichever
   * comes second finds it confirmed, keeps the state the first wrote, and succeeds when
   * it is the same task.
   */
  async confirmCreate(
    handle: string,
    task: TaskResponse,
    state: JobState | null,
    prompt: string | null = null,
  ): Promise<JobRecord | null> {
    const current = await this.get(handle);
    if (!current) return null;
    if (current.createState !== null) {
      const createdAt = task.meta?.created_at ?? current.createdAt;
      const newPrompt = prompt ?? current.prompt;
      const { changes } = await run(
        this.pool,
        `UPDATE jobs SET upstream_id = @upstream_id, create_state = NULL, operation = @operation,
           prompt = @prompt, prompt_words = ${PROMPT_WORDS}, created_at = @created_at,
           created_ms = @created_ms, ${STATE_SET}, task_json = @task_json,
           updated_at = @updated_at
         WHERE handle = @handle AND create_state IS NOT NULL`,
        {
          handle,
          upstream_id: task.job_id,
          operation: task.task_type || current.operation,
          prompt: newPrompt,
          ...promptWords(newPrompt),
          created_at: createdAt,
          created_ms: createdMs(createdAt),
          task_json: JSON.stringify(task),
          updated_at: new Date().toISOString(),
          ...stateParams(state ?? current),
        },
      );
      if (changes > 0) {
        this.changed({ type: 'job', handle });
        return this.get(handle);
      }
    }
    const confirmed = await this.get(handle);
    if (!confirmed || confirmed.upstreamId !== task.job_id) return null;
    if (prompt === null || prompt === confirmed.prompt) return confirmed;
    await run(
      this.pool,
      `UPDATE jobs SET prompt = @prompt, prompt_words = ${PROMPT_WORDS} WHERE handle = @handle`,
      { handle, prompt, ...promptWords(prompt) },
    );
    this.changed({ type: 'job', handle });
    return this.get(handle);
  }

  async discardIntent(handle: string): Promise<void> {
    await inTransaction(this.pool, async (c) => {
      const row = await first(
        c,
        'SELECT create_state FROM jobs WHERE handle = @handle FOR UPDATE',
        {
          handle,
        },
      );
      if ((row as { create_state?: string } | undefined)?.create_state === 'sending') {
        await removeJob(c, handle);
      }
    });
  }

  async markCreateUnknown(handle: string): Promise<void> {
    if ((await this.sentToUnknown('AND handle = @handle', handle)) > 0) {
      this.changed({ type: 'job', handle });
    }
  }

  /**
   * Only creates older than any create can take: the younger ones may be another live
   * replica's, still waiting for their answer.
   */
  markInterruptedCreates(): Promise<number> {
    return this.sentToUnknown('AND added_ms <= @before');
  }

  private async sentToUnknown(and: string, handle?: string): Promise<number> {
    const sql = `UPDATE jobs SET create_state = 'unknown', updated_at = @now
      WHERE create_state = 'sending' ${and}`;
    const before = Date.now() - 2 * this.createTimeoutMs;
    return (await run(this.pool, sql, { now: new Date().toISOString(), handle, before })).changes;
  }

  findByHook(token: string): Promise<JobRecord | null> {
    return this.one(this.pool, 'hook_token = @value', token);
  }

  get(handle: string): Promise<JobRecord | null> {
    return this.one(this.pool, 'handle = @value AND deleted_at IS NULL', handle);
  }

  async list(filter: HistoryFilter): Promise<{ jobs: JobRecord[]; more: boolean }> {
    const { sql, params } = historyWhere(filter, 'postgres');
    const values = { ...params, limit: filter.limit + 1 };
    let rows: unknown[] | null = null;
    // A search for common words is answered from the newest rows at once; the planner
    // cannot tell a common prefix from a rare one and would gather every match to sort.
    if (params.match !== undefined && filter.afterSeq === undefined) {
      const recent = await run(this.pool, recentPage(sql), { ...values, window: SEARCH_WINDOW });
      if (recent.rows.length > filter.limit) rows = recent.rows;
    }
    rows ??= (await run(this.pool, historyPage(sql, filter), values)).rows;
    const page = pageOf(rows, filter);
    return { jobs: this.records(page.jobs), more: page.more };
  }

  async lineage(handle: string): Promise<{ ancestors: JobRecord[]; children: JobRecord[] }> {
    const [up, down] = await Promise.all([
      run(this.pool, ANCESTORS, { handle }),
      run(this.pool, CHILDREN, { handle }),
    ]);
    return { ancestors: this.records(up.rows), children: this.records(down.rows) };
  }

  async markUpstreamGone(handle: string): Promise<void> {
    const sql = 'UPDATE jobs SET upstream_gone = 1 WHERE handle = @handle AND upstream_gone = 0';
    if ((await run(this.pool, sql, { handle })).changes > 0) this.changed({ type: 'job', handle });
  }

  async setFavourite(handle: string, on: boolean): Promise<boolean> {
    const { changes } = await run(
      this.pool,
      'UPDATE jobs SET favourite = @on WHERE handle = @handle AND deleted_at IS NULL',
      { on: on ? 1 : 0, handle },
    );
    if (changes > 0) this.changed({ type: 'job', handle });
    return changes > 0;
  }

  async remove(handle: string): Promise<void> {
    await this.removeMany([handle]);
  }

  async removeMany(handles: readonly string[]): Promise<void> {
    // In one order, so that two bulk deletes lock shared parents in the same order.
    const sorted = [...handles].sort();
    await inTransaction(this.pool, async (c) => {
      for (const h of sorted) await removeJob(c, h);
    });
    for (const handle of handles) this.changed({ type: 'removed', handle });
  }

  async setFavourites(handles: readonly string[], on: boolean): Promise<string[]> {
    const { rows } = await run(
      this.pool,
      `UPDATE jobs SET favourite = @on WHERE handle = ANY(@handles) AND deleted_at IS NULL
         AND favourite <> @on RETURNING handle`,
      { on: on ? 1 : 0, handles: [...handles] },
    );
    const changed = rows.map((r) => (r as { handle: string }).handle);
    for (const handle of changed) this.changed({ type: 'job', handle });
    return changed;
  }

  async active(): Promise<ActiveJob[]> {
    const { rows } = await run(
      this.pool,
      `SELECT handle, upstream_id, hook_token IS NOT NULL AS hooked FROM jobs
       WHERE status NOT IN ('completed', 'failed') AND create_state IS NULL ORDER BY seq`,
    );
    return (rows as { handle: string; upstream_id: string; hooked: boolean }[]).map((r) => ({
      handle: r.handle,
      upstreamId: r.upstream_id,
      hooked: r.hooked,
    }));
  }

  /**
   * Also marks as unknown, and announces, the creates that have waited for their answer
   * longer than any create can: the replica that sent them died meanwhile (with
   * `createTimeoutMs` 0, a lone replica's, this is left to the start).
   */
  async follow(replica: string, leaseMs: number): Promise<ActiveJob[]> {
    const jobs = await followJobs(this.pool, replica, leaseMs);
    if (this.createTimeoutMs > 0) {
      const { rows } = await run(
        this.pool,
        `UPDATE jobs SET create_state = 'unknown', updated_at = @now
         WHERE create_state = 'sending' AND added_ms <= @before RETURNING handle`,
        { now: new Date().toISOString(), before: Date.now() - 2 * this.createTimeoutMs },
      );
      for (const { handle } of rows as { handle: string }[]) this.changed({ type: 'job', handle });
    }
    return jobs;
  }

  async unfollow(replica: string): Promise<void> {
    await run(this.pool, 'DELETE FROM job_leases WHERE replica = @replica', { replica });
  }

  async applyState(
    handle: string,
    state: JobState,
    task: TaskResponse | null,
    mediaPending = false,
  ): Promise<boolean> {
    const current = await this.get(handle);
    if (!current || !acceptsUpdate(current.status)) return false;
    // The status is checked again in the statement: another replica may have finished it.
    const { changes } = await run(
      this.pool,
      `UPDATE jobs SET ${STATE_SET}, task_json = COALESCE(@task_json, task_json),
         media_pending = @media_pending, updated_at = @updated_at
       WHERE handle = @handle AND status NOT IN ('completed', 'failed')`,
      {
        handle,
        ...stateParams(state),
        task_json: task === null ? null : JSON.stringify(task),
        media_pending: mediaPending ? 1 : 0,
        updated_at: new Date().toISOString(),
      },
    );
    if (changes > 0) this.changed({ type: 'job', handle });
    return changes > 0;
  }

  async addDims(handle: string, dims: MediaDims, fetched = false): Promise<void> {
    const current = await this.get(handle);
    if (!current) return;
    const added = Object.keys(dims).some((k) => !current.dims[k]);
    await run(
      this.pool,
      `UPDATE jobs SET dims_json = @dims_json,
         media_pending = CASE WHEN @fetched = 1 THEN 0 ELSE media_pending END
       WHERE handle = @handle`,
      { handle, dims_json: JSON.stringify({ ...current.dims, ...dims }), fetched: fetched ? 1 : 0 },
    );
    if (added) this.changed({ type: 'job', handle });
  }

  async mediaPending(): Promise<string[]> {
    const sql = `SELECT handle FROM jobs WHERE media_pending = 1 AND deleted_at IS NULL
      ORDER BY seq`;
    return ((await run(this.pool, sql)).rows as { handle: string }[]).map((r) => r.handle);
  }

  async findIdempotent(key: string): Promise<{ fingerprint: string; handle: string } | null> {
    const row = await first(
      this.pool,
      'SELECT fingerprint, handle FROM idempotency_keys WHERE key = @key',
      { key },
    );
    return (row as { fingerprint: string; handle: string } | undefined) ?? null;
  }

  async pruneIdempotent(olderThan: Date): Promise<void> {
    await run(this.pool, 'DELETE FROM idempotency_keys WHERE created_at < @before', {
      before: olderThan.toISOString(),
    });
  }
}
