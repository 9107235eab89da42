import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { TaskResponse } from '../../contract/task';
import { acceptsUpdate, type JobRecord, type JobState, type MediaDims } from '../jobs/record';
import { type HistoryFilter, lineageOf, listJobs } from './history';
import { JOB_COLUMNS, createdMs, stateParams, toRecord } from './rows';

type NewJob = Omit<JobRecord, 'seq' | 'favourite' | 'upstreamExpired' | 'params'> & {
  task: TaskResponse;
  /** What to keep of the create's params (see jobs/params.ts); none when not given. */
  params?: Record<string, unknown> | null;
  /** The secret part of the job's callback URL, when the create asked for a callback. */
  hookToken?: string | null;
};

export interface ActiveJob {
  handle: string;
  upstreamId: string;
  /** A callback was requested, so the poller only has to stand in when it is late. */
  hooked: boolean;
}

/** What changed, for the event stream: a job to send again, or one that is gone. */
export type JobChange = { type: 'job'; handle: string } | { type: 'removed'; handle: string };
type ChangeListener = (change: JobChange) => void;

/** The studio's history of jobs. Synchronous: better-sqlite3 calls are short and local. */
export class JobStore {
  private readonly listeners = new Set<ChangeListener>();

  /** `upstreamTtlMs`: how long the upstream keeps a job after it was created. */
  constructor(
    private readonly db: Database.Database,
    private readonly upstreamTtlMs = 72 * 60 * 60 * 1000,
  ) {}

  private expiredBefore(): number {
    return Date.now() - this.upstreamTtlMs;
  }

  /** Calls `fn` after every change to a job, whatever code path made it. */
  watch(fn: ChangeListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(change: JobChange): void {
    for (const fn of this.listeners) fn(change);
  }

  /** Stores a new job with the next sequence number; the newest job has the highest. */
  insert(job: NewJob): JobRecord {
    const insert = this.db.prepare(`
      INSERT INTO jobs (handle, seq, upstream_id, parent_handle, parent_index, operation, prompt,
        status, progress, created_at, started_at, ended_at, cost_frozen, cost_consumed,
        cost_unit, output_json, dims_json, error_json, task_json, updated_at, hook_token,
        created_ms, added_ms, params_json)
      VALUES (@handle, (SELECT COALESCE(MAX(seq), 0) + 1 FROM jobs), @upstream_id,
        @parent_handle, @parent_index, @operation, @prompt, @status, @progress, @created_at,
        @started_at, @ended_at, @cost_frozen, @cost_consumed, @cost_unit, @output_json,
        @dims_json, @error_json, @task_json, @updated_at, @hook_token, @created_ms, @added_ms,
        @params_json)`);
    insert.run({
      handle: job.handle,
      upstream_id: job.upstreamId,
      parent_handle: job.parentHandle,
      parent_index: job.parentIndex,
      operation: job.operation,
      prompt: job.prompt,
      created_at: job.createdAt,
      dims_json: JSON.stringify(job.dims),
      task_json: JSON.stringify(job.task),
      updated_at: new Date().toISOString(),
      hook_token: job.hookToken ?? null,
      created_ms: createdMs(job.createdAt),
      added_ms: Date.now(),
      params_json: job.params ? JSON.stringify(job.params) : null,
      ...stateParams(job),
    });
    const stored = this.get(job.handle);
    if (!stored) throw new Error('job vanished right after insert');
    this.changed({ type: 'job', handle: job.handle });
    return stored;
  }

  /** The job whose callback URL carries this token. */
  findByHook(token: string): JobRecord | null {
    const row: unknown = this.db
      .prepare(`SELECT ${JOB_COLUMNS} FROM jobs WHERE hook_token = ?`)
      .get(token);
    return row === undefined ? null : toRecord(row, this.expiredBefore());
  }

  /** A job of the history; a deleted one is gone. */
  get(handle: string): JobRecord | null {
    const row: unknown = this.db
      .prepare(`SELECT ${JOB_COLUMNS} FROM jobs WHERE handle = ? AND deleted_at IS NULL`)
      .get(handle);
    return row === undefined ? null : toRecord(row, this.expiredBefore());
  }

  /** One page of the history, newest first. */
  list(filter: HistoryFilter): { jobs: JobRecord[]; more: boolean } {
    return listJobs(this.db, filter, this.expiredBefore());
  }

  lineage(handle: string): { ancestors: JobRecord[]; children: JobRecord[] } {
    return lineageOf(this.db, handle, this.expiredBefore());
  }

  /** The upstream answered 404 for the job: it is gone there for good. */
  markUpstreamGone(handle: string): void {
    const { changes } = this.db
      .prepare('UPDATE jobs SET upstream_gone = 1 WHERE handle = ? AND upstream_gone = 0')
      .run(handle);
    if (changes > 0) this.changed({ type: 'job', handle });
  }

  /** Marks or unmarks a job; false when there is no such job. */
  setFavourite(handle: string, on: boolean): boolean {
    const { changes } = this.db
      .prepare('UPDATE jobs SET favourite = ? WHERE handle = ? AND deleted_at IS NULL')
      .run(on ? 1 : 0, handle);
    if (changes > 0) this.changed({ type: 'job', handle });
    return changes > 0;
  }

  /**
   * Deletes a finished job from the history (the upstream keeps its own copy). A job with
   * children keeps an empty row, so that their lineage still holds; a parent that was
   * kept only for this job goes with it.
   */
  remove(handle: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM idempotency_keys WHERE handle = ?').run(handle);
      this.db.prepare('DELETE FROM job_uploads WHERE handle = ?').run(handle);
      for (let h: string | null = handle; h !== null;) h = this.removeOne(h, h === handle);
    })();
    this.changed({ type: 'removed', handle });
  }

  /** Removes one row or empties it; returns a deleted parent that may go too. */
  private removeOne(handle: string, asked: boolean): string | null {
    const row = z
      .object({ parent_handle: z.string().nullable(), deleted_at: z.string().nullable() })
      .optional()
      .parse(
        this.db.prepare('SELECT parent_handle, deleted_at FROM jobs WHERE handle = ?').get(handle),
      );
    if (!row || (!asked && row.deleted_at === null)) return null;
    const hasChildren =
      this.db.prepare('SELECT 1 FROM jobs WHERE parent_handle = ? LIMIT 1').get(handle) !==
      undefined;
    if (hasChildren) {
      this.db
        .prepare(
          `UPDATE jobs SET deleted_at = COALESCE(deleted_at, ?), prompt = '', output_json = NULL,
             task_json = NULL, error_json = NULL, dims_json = '{}', hook_token = NULL,
             upstream_id = '', favourite = 0, params_json = NULL
           WHERE handle = ?`,
        )
        .run(new Date().toISOString(), handle);
      return null;
    }
    this.db.prepare('DELETE FROM jobs WHERE handle = ?').run(handle);
    return row.parent_handle;
  }

  /** Jobs the upstream is still working on, oldest first. */
  active(): ActiveJob[] {
    const rows = this.db
      .prepare(
        `SELECT handle, upstream_id, hook_token IS NOT NULL AS hooked FROM jobs
         WHERE status NOT IN ('completed', 'failed') ORDER BY seq`,
      )
      .all();
    return z
      .array(z.object({ handle: z.string(), upstream_id: z.string(), hooked: z.number() }))
      .parse(rows)
      .map((r) => ({ handle: r.handle, upstreamId: r.upstream_id, hooked: r.hooked === 1 }));
  }

  /**
   * Writes a new state (and the media sizes measured for it) unless the job already
   * finished. Returns whether anything changed.
   */
  applyState(
    handle: string,
    state: JobState,
    task: TaskResponse | null,
    dims?: MediaDims,
  ): boolean {
    const current = this.get(handle);
    if (!current || !acceptsUpdate(current.status)) return false;
    this.db
      .prepare(
        `UPDATE jobs SET status = @status, progress = @progress, started_at = @started_at,
           ended_at = @ended_at, cost_frozen = @cost_frozen, cost_consumed = @cost_consumed,
           cost_unit = @cost_unit, output_json = @output_json, error_json = @error_json,
           task_json = COALESCE(@task_json, task_json), dims_json = @dims_json,
           updated_at = @updated_at
         WHERE handle = @handle`,
      )
      .run({
        handle,
        ...stateParams(state),
        task_json: task === null ? null : JSON.stringify(task),
        dims_json: JSON.stringify({ ...current.dims, ...dims }),
        updated_at: new Date().toISOString(),
      });
    this.changed({ type: 'job', handle });
    return true;
  }

  /** Sizes measured later (a media file fetched on demand), merged into what is known. */
  addDims(handle: string, dims: MediaDims): void {
    const current = this.get(handle);
    if (!current) return;
    this.db
      .prepare('UPDATE jobs SET dims_json = ? WHERE handle = ?')
      .run(JSON.stringify({ ...current.dims, ...dims }), handle);
    this.changed({ type: 'job', handle });
  }

  findIdempotent(key: string): { fingerprint: string; handle: string } | null {
    const row: unknown = this.db
      .prepare('SELECT fingerprint, handle FROM idempotency_keys WHERE key = ?')
      .get(key);
    return row === undefined
      ? null
      : z.object({ fingerprint: z.string(), handle: z.string() }).parse(row);
  }

  saveIdempotent(key: string, fingerprint: string, handle: string): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO idempotency_keys (key, fingerprint, handle, created_at) VALUES (?, ?, ?, ?)',
      )
      .run(key, fingerprint, handle, new Date().toISOString());
  }

  /** Keys are for double submits, seconds apart; a day is plenty. */
  pruneIdempotent(olderThan: Date): void {
    this.db
      .prepare('DELETE FROM idempotency_keys WHERE created_at < ?')
      .run(olderThan.toISOString());
  }
}
