import type Database from 'better-sqlite3';
import type { TaskResponse } from '@/contract/task';
import {
  INTENT_STATE,
  acceptsUpdate,
  type JobRecord,
  type JobState,
  type MediaDims,
} from '../model/record';
import { type HistoryFilter, lineageOf, listJobs, removeFromHistory } from './history';
import { type IdempotencyClaim, findKey, pruneKeys, saveKey } from './idempotency-keys';
import {
  JOB_COLUMNS,
  STATE_SET,
  createdMs,
  insertRow,
  stateParams,
  toRecord,
  type NewJob,
} from './rows';
import { prepared } from '@/server/sqlite';

/** A create about to be sent upstream: all the studio knows of the job before the answer. */
export type Intent = Pick<
  NewJob,
  'handle' | 'parentHandle' | 'parentIndex' | 'operation' | 'prompt' | 'params'
> & { hookToken: string | null };

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
    insertRow(this.db, job, null);
    const stored = this.get(job.handle);
    if (!stored) throw new Error('job vanished right after insert');
    this.changed({ type: 'job', handle: job.handle });
    return stored;
  }

  /**
   * Writes a create before it is sent upstream, with its idempotency key in the same
   * transaction. Browsers hear of it only once the outcome is known (`confirmCreate`, or
   * `markCreateUnknown`); a refused create leaves nothing (`discardIntent`).
   */
  recordIntent(intent: Intent, claim: IdempotencyClaim | null): void {
    this.db.transaction(() => {
      const row = { ...intent, upstreamId: '', createdAt: new Date().toISOString(), dims: {} };
      insertRow(this.db, { ...row, task: null, ...INTENT_STATE }, 'sending');
      if (claim) saveKey(this.db, claim, intent.handle);
    })();
  }

  /**
   * The upstream named the task (a create's answer, or a callback for a job whose answer
   * was lost or has not come yet): the job takes its id, its creation time, and `state`
   * when given. `prompt` replaces one taken from the parent. A job that already took this
   * task (its callback came first) keeps the state it has and counts as confirmed. Null
   * when the job is gone or took another task.
   */
  confirmCreate(
    handle: string,
    task: TaskResponse,
    state: JobState | null,
    prompt: string | null = null,
  ): JobRecord | null {
    const current = this.get(handle);
    if (!current) return null;
    if (current.createState === null) return this.confirmedAgain(current, task, prompt);
    const createdAt = task.meta?.created_at ?? current.createdAt;
    prepared(
      this.db,
      `UPDATE jobs SET upstream_id = @upstream_id, create_state = NULL, operation = @operation,
           prompt = @prompt, created_at = @created_at, created_ms = @created_ms, ${STATE_SET},
           task_json = @task_json, updated_at = @updated_at
         WHERE handle = @handle`,
    ).run({
      handle,
      upstream_id: task.job_id,
      operation: task.task_type || current.operation,
      prompt: prompt ?? current.prompt,
      created_at: createdAt,
      created_ms: createdMs(createdAt),
      task_json: JSON.stringify(task),
      updated_at: new Date().toISOString(),
      ...stateParams(state ?? current),
    });
    this.changed({ type: 'job', handle });
    return this.get(handle);
  }

  /** A create confirmed a second time (its callback came first): only the prompt may move. */
  private confirmedAgain(
    current: JobRecord,
    task: TaskResponse,
    prompt: string | null,
  ): JobRecord | null {
    if (current.upstreamId !== task.job_id) return null;
    if (prompt === null || prompt === current.prompt) return current;
    const { handle } = current;
    prepared(this.db, 'UPDATE jobs SET prompt = ? WHERE handle = ?').run(prompt, handle);
    this.changed({ type: 'job', handle });
    return this.get(handle);
  }

  /** The upstream refused the create: nothing of it stays, its idempotency key is free. */
  discardIntent(handle: string): void {
    this.db.transaction(() => {
      if (this.get(handle)?.createState === 'sending') removeFromHistory(this.db, handle);
    })();
  }

  /** The create's answer was lost: shown as unknown until a callback brings the task. */
  markCreateUnknown(handle: string): void {
    if (this.sentToUnknown('AND handle = ?', handle) > 0) this.changed({ type: 'job', handle });
  }

  /** At start: creates the last run was still waiting for when it stopped. */
  markInterruptedCreates(): number {
    return this.sentToUnknown('');
  }

  private sentToUnknown(and: string, ...args: string[]): number {
    const sql = `UPDATE jobs SET create_state = 'unknown', updated_at = ?
      WHERE create_state = 'sending' ${and}`;
    return prepared(this.db, sql).run(new Date().toISOString(), ...args).changes;
  }

  /** The job whose callback URL carries this token. */
  findByHook(token: string): JobRecord | null {
    const row: unknown = prepared(
      this.db,
      `SELECT ${JOB_COLUMNS} FROM jobs WHERE hook_token = ?`,
    ).get(token);
    return row === undefined ? null : toRecord(row, this.expiredBefore());
  }

  /** A job of the history; a deleted one is gone. */
  get(handle: string): JobRecord | null {
    const row: unknown = prepared(
      this.db,
      `SELECT ${JOB_COLUMNS} FROM jobs WHERE handle = ? AND deleted_at IS NULL`,
    ).get(handle);
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
    const { changes } = prepared(
      this.db,
      'UPDATE jobs SET upstream_gone = 1 WHERE handle = ? AND upstream_gone = 0',
    ).run(handle);
    if (changes > 0) this.changed({ type: 'job', handle });
  }

  /** Marks or unmarks a job; false when there is no such job. */
  setFavourite(handle: string, on: boolean): boolean {
    const { changes } = prepared(
      this.db,
      'UPDATE jobs SET favourite = ? WHERE handle = ? AND deleted_at IS NULL',
    ).run(on ? 1 : 0, handle);
    if (changes > 0) this.changed({ type: 'job', handle });
    return changes > 0;
  }

  /**
   * Deletes a finished job from the history (the upstream keeps its own copy). A job with
   * children keeps an empty row, so that their lineage still holds; a parent that was
   * kept only for this job goes with it.
   */
  remove(handle: string): void {
    this.removeMany([handle]);
  }

  /** `remove` for many jobs in one transaction (a bulk delete's batch). */
  removeMany(handles: readonly string[]): void {
    this.db.transaction(() => {
      for (const h of handles) removeFromHistory(this.db, h);
    })();
    for (const handle of handles) this.changed({ type: 'removed', handle });
  }

  /** Marks or unmarks many jobs in one transaction; returns those whose flag changed. */
  setFavourites(handles: readonly string[], on: boolean): string[] {
    const update = prepared(
      this.db,
      'UPDATE jobs SET favourite = @on WHERE handle = @handle AND deleted_at IS NULL AND favourite <> @on',
    );
    const flip = (handle: string) => update.run({ on: on ? 1 : 0, handle }).changes > 0;
    const changed = this.db.transaction(() => handles.filter(flip))();
    for (const handle of changed) this.changed({ type: 'job', handle });
    return changed;
  }

  /** Jobs the upstream is still working on, oldest first; a job it has not named is not. */
  active(): ActiveJob[] {
    const rows = prepared(
      this.db,
      `SELECT handle, upstream_id, hook_token IS NOT NULL AS hooked FROM jobs
         WHERE status NOT IN ('completed', 'failed') AND create_state IS NULL ORDER BY seq`,
    ).all() as { handle: string; upstream_id: string; hooked: number }[];
    // The poller asks on every pass; rows this store wrote need no parse.
    return rows.map((r) => ({
      handle: r.handle,
      upstreamId: r.upstream_id,
      hooked: r.hooked === 1,
    }));
  }

  /**
   * Writes a new state unless the job already finished; returns whether anything changed.
   * `mediaPending`: the state is a completion whose media is still to be cached, written in
   * the same statement so that no stop can leave it announced but never fetched.
   */
  applyState(
    handle: string,
    state: JobState,
    task: TaskResponse | null,
    mediaPending = false,
  ): boolean {
    const current = this.get(handle);
    if (!current || !acceptsUpdate(current.status)) return false;
    prepared(
      this.db,
      `UPDATE jobs SET ${STATE_SET}, task_json = COALESCE(@task_json, task_json),
           media_pending = @media_pending, updated_at = @updated_at
         WHERE handle = @handle`,
    ).run({
      handle,
      ...stateParams(state),
      task_json: task === null ? null : JSON.stringify(task),
      media_pending: mediaPending ? 1 : 0,
      updated_at: new Date().toISOString(),
    });
    this.changed({ type: 'job', handle });
    return true;
  }

  /**
   * Sizes measured after the job completed, merged into what is known and announced when
   * they add anything. `fetched`: the media the job shows is now cached (or failed to
   * be), so it is no longer pending.
   */
  addDims(handle: string, dims: MediaDims, fetched = false): void {
    const current = this.get(handle);
    if (!current) return;
    const added = Object.keys(dims).some((k) => !current.dims[k]);
    prepared(
      this.db,
      `UPDATE jobs SET dims_json = @dims_json,
         media_pending = CASE WHEN @fetched THEN 0 ELSE media_pending END
       WHERE handle = @handle`,
    ).run({
      handle,
      dims_json: JSON.stringify({ ...current.dims, ...dims }),
      fetched: fetched ? 1 : 0,
    });
    if (added) this.changed({ type: 'job', handle });
  }

  /** Completed jobs whose media was still being cached when the last run stopped. */
  mediaPending(): string[] {
    const sql = `SELECT handle FROM jobs WHERE media_pending = 1 AND deleted_at IS NULL
      ORDER BY seq`;
    return prepared(this.db, sql).pluck().all() as string[];
  }

  findIdempotent(key: string): { fingerprint: string; handle: string } | null {
    return findKey(this.db, key);
  }

  /** Keys are for double submits, seconds apart; a day is plenty. */
  pruneIdempotent(olderThan: Date): void {
    pruneKeys(this.db, olderThan);
  }
}
