import type { TaskResponse } from '@/contract/task';
import {
  INTENT_STATE,
  acceptsUpdate,
  type JobRecord,
  type JobState,
  type MediaDims,
} from '../model/record';
import type { StoreDialect } from './dialect';
import type { IdempotencyClaim } from './idempotency-keys';
import { followJobs } from './leases';
import {
  ACTIVE_JOBS,
  GET_JOB,
  HOOK_JOB,
  readLineage,
  readPage,
  readRetention,
  type HistoryFilter,
} from './history-reads';
import { removeJob } from './remove';
import { claimKey, insertIntentRow, insertJobRow, takeTask, writeState } from './job-writes';
import { parseDims, toActiveJob, toRecord, type NewJob } from './rows';
import type { Db } from './schema';
import type { HistoryStore, MediaRetention } from './shared-store';
import { indexed } from './search';

/** A create about to be sent upstream: all the studio knows of the job before the answer. */
export type Intent = Pick<
  NewJob,
  'handle' | 'parentHandle' | 'parentIndex' | 'operation' | 'prompt' | 'params' | 'createdBy'
> & { hookToken: string | null };

export interface ActiveJob {
  handle: string;
  upstreamId: string;
  /** A callback was requested, so the poller only has to stand in when it is late. */
  hooked: boolean;
}

/**
 * What changed, for the event stream: a job to send again (with the job as the change
 * wrote it, when the write returned it), or one that is gone.
 */
export type JobChange =
  | { type: 'job'; handle: string; job?: JobRecord }
  | { type: 'removed'; handle: string }
  /** Queued creates whose place alone changed. */
  | { type: 'places'; handles: readonly string[] };

const changed = (result: { numUpdatedRows: bigint } | { numDeletedRows: bigint }): boolean =>
  ('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows) > 0n;

/**
 * The studio's history of jobs in either database, shared by every replica on Postgres.
 * Every change of a job is announced to `watch`ers on the replica that made it.
 */
export class History implements HistoryStore {
  private readonly listeners = new Set<(change: JobChange) => void>();

  /**
   * `upstreamTtlMs`: how long the upstream keeps a job after it was created.
   * `createTimeoutMs`: the longest a create can wait for its answer (twice the upstream
   * timeout) on a team's replicas, after which a create still `sending` is taken as
   * interrupted; 0 for one studio, whose every such create at start is.
   */
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
    private readonly upstreamTtlMs = 72 * 60 * 60 * 1000,
    private readonly createTimeoutMs = 0,
  ) {}

  /** Calls `fn` after every change this replica makes to a job, whatever the code path. */
  watch(fn: (change: JobChange) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Tells the watchers of a change made elsewhere in the store (the create queue). */
  changed(change: JobChange): void {
    for (const fn of this.listeners) fn(change);
  }

  private records(rows: readonly unknown[]): JobRecord[] {
    const expiredBefore = Date.now() - this.upstreamTtlMs;
    return rows.map((r) => toRecord(r, expiredBefore));
  }

  /** Stores a new job with the next sequence number; the newest job has the highest. */
  async insert(job: NewJob): Promise<JobRecord> {
    const [stored] = this.records([await insertJobRow(this.db, this.d, job)]);
    if (!stored) throw new Error('job vanished right after insert');
    this.changed({ type: 'job', handle: job.handle, job: stored });
    return stored;
  }

  /**
   * Writes a create before it is sent upstream, with its idempotency key in the same
   * transaction. Browsers hear of it only once the outcome is known (`confirmCreate`, or
   * `markCreateUnknown`); a refused create leaves nothing (`discardIntent`). A key another
   * create holds (a deleted or refused job's went with it) is `KeyTaken`. `reserve` runs
   * first in the same transaction (a budget's check and charge), and may refuse the create;
   * `then` runs last in it (the create queue's turn).
   */
  async recordIntent(
    intent: Intent,
    claim: IdempotencyClaim | null,
    reserve: ((trx: Db) => Promise<void>) | null = null,
    then: ((trx: Db) => Promise<void>) | null = null,
  ): Promise<void> {
    // One statement needs no transaction of its own.
    if (claim || reserve || then) await this.recordIntents([{ intent, claim }], reserve, then);
    else await this.writeIntents(this.db, [{ intent, claim }], null, null);
  }

  /**
   * `recordIntent` for many creates (a batch), in one transaction: `reserve` once before
   * them all, their rows and keys in order (so their sequence numbers are), `then` after.
   */
  async recordIntents(
    items: readonly { intent: Intent; claim: IdempotencyClaim | null }[],
    reserve: ((trx: Db) => Promise<void>) | null = null,
    then: ((trx: Db) => Promise<void>) | null = null,
  ): Promise<void> {
    await this.db.transaction().execute((trx) => this.writeIntents(trx, items, reserve, then));
  }

  private async writeIntents(
    db: Db,
    items: readonly { intent: Intent; claim: IdempotencyClaim | null }[],
    reserve: ((trx: Db) => Promise<void>) | null,
    then: ((trx: Db) => Promise<void>) | null,
  ): Promise<void> {
    const createdAt = new Date().toISOString();
    // The budget first: its turn is taken before anything of the creates is written.
    if (reserve) await reserve(db);
    for (const { intent, claim } of items) {
      const row = { ...intent, upstreamId: '', createdAt, dims: {} };
      await insertIntentRow(db, this.d, { ...row, task: null, ...INTENT_STATE });
      if (claim) await claimKey(db, claim, intent.handle);
    }
    if (then) await then(db);
  }

  /**
   * The upstream named the task (a create's answer, or a callback for a job whose answer
   * was lost or has not come yet): the job takes its id, its creation time, and `state`
   * when given. `prompt` replaces one taken from the parent. Replicas may confirm one
   * create at once (its callback reached another first): only an open create is taken, so
   * the second finds it confirmed, keeps the state the first wrote, and succeeds when it
   * is the same task. Null when the job is gone or took another task.
   */
  async confirmCreate(
    handle: string,
    task: TaskResponse,
    state: JobState | null,
    prompt: string | null = null,
  ): Promise<JobRecord | null> {
    const taken = await takeTask(this.db, this.d, handle, task, state, prompt);
    if (taken) {
      const [job] = this.records([taken]);
      this.changed({ type: 'job', handle, job });
      return job ?? null;
    }
    const confirmed = await this.get(handle);
    if (!confirmed || confirmed.upstreamId !== task.job_id) return null;
    if (prompt === null || prompt === confirmed.prompt) return confirmed;
    await this.db
      .updateTable('jobs')
      .set({ prompt, ...indexed(this.d, prompt) })
      .where('handle', '=', handle)
      .execute();
    this.changed({ type: 'job', handle });
    return this.get(handle);
  }

  /** The upstream refused the create: nothing of it stays, its idempotency key is free. */
  async discardIntent(handle: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('jobs')
        .select('create_state')
        .where('handle', '=', handle)
        .$if(this.d.rowLocks, (q) => q.forUpdate())
        .executeTakeFirst();
      if (row?.create_state === 'sending') await removeJob(trx, this.d, handle);
    });
  }

  /** The create's answer was lost: shown as unknown until a callback brings the task. */
  async markCreateUnknown(handle: string): Promise<void> {
    if ((await this.sentToUnknown(handle)).length > 0) this.changed({ type: 'job', handle });
  }

  /**
   * At start: the creates the last run was still waiting for when it stopped. On a team's
   * replicas only those older than any create can wait: the younger ones may be another
   * live replica's, still waiting for their answer.
   */
  async markInterruptedCreates(): Promise<number> {
    return (await this.sentToUnknown(null)).length;
  }

  /** Creates still `sending`, one or all of those that waited too long, made `unknown`. */
  private async sentToUnknown(handle: string | null): Promise<string[]> {
    const before = Date.now() - 2 * this.createTimeoutMs;
    const rows = await this.db
      .updateTable('jobs')
      .set({ create_state: 'unknown', updated_at: new Date().toISOString() })
      .where('create_state', '=', 'sending')
      .$if(handle !== null, (q) => q.where('handle', '=', handle ?? ''))
      .$if(handle === null && this.createTimeoutMs > 0, (q) => q.where('added_ms', '<=', before))
      .returning('handle')
      .execute();
    return rows.map((r) => r.handle);
  }

  /** The job whose callback URL carries this token. */
  async findByHook(token: string): Promise<JobRecord | null> {
    return this.records(await HOOK_JOB(this.db, this.d, { token }))[0] ?? null;
  }

  /** A job of the history; a deleted one is gone. */
  async get(handle: string): Promise<JobRecord | null> {
    return this.records(await GET_JOB(this.db, this.d, { handle }))[0] ?? null;
  }

  /** One page of the history, newest first, and whether more follow. */
  async list(f: HistoryFilter): Promise<{ jobs: JobRecord[]; more: boolean }> {
    const found = await readPage(this.db, this.d, f);
    return { jobs: this.records(found.jobs), more: found.more };
  }

  /**
   * The jobs a job derives from, root first, walking through deleted ones (they keep their
   * row while they have children) without returning them; and its direct children.
   */
  async lineage(handle: string): Promise<{ ancestors: JobRecord[]; children: JobRecord[] }> {
    const { ancestors, children } = await readLineage(this.db, handle);
    return { ancestors: this.records(ancestors), children: this.records(children) };
  }

  /** The upstream answered 404 for the job: it is gone there for good. */
  async markUpstreamGone(handle: string): Promise<void> {
    const result = await this.db
      .updateTable('jobs')
      .set({ upstream_gone: 1 })
      .where('handle', '=', handle)
      .where('upstream_gone', '=', 0)
      .executeTakeFirst();
    if (changed(result)) this.changed({ type: 'job', handle });
  }

  /** Marks or unmarks a job; false when there is no such job. */
  async setFavourite(handle: string, on: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ favourite: on ? 1 : 0 })
      .where('handle', '=', handle)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (changed(result)) this.changed({ type: 'job', handle });
    return changed(result);
  }

  /** Marks or unmarks many jobs in one statement; returns those whose flag changed. */
  async setFavourites(handles: readonly string[], on: boolean): Promise<string[]> {
    if (handles.length === 0) return [];
    const rows = await this.db
      .updateTable('jobs')
      .set({ favourite: on ? 1 : 0 })
      .where('handle', 'in', handles)
      .where('deleted_at', 'is', null)
      .where('favourite', '<>', on ? 1 : 0)
      .returning('handle')
      .execute();
    const flipped = new Set(rows.map((r) => r.handle));
    const ordered = handles.filter((h) => flipped.has(h));
    for (const handle of ordered) this.changed({ type: 'job', handle });
    return ordered;
  }

  /**
   * Deletes a finished job from the history (the upstream keeps its own copy). A job with
   * children keeps an empty row, so that their lineage still holds; a parent that was
   * kept only for this job goes with it.
   */
  async remove(handle: string): Promise<void> {
    await this.removeMany([handle]);
  }

  /** `remove` for many jobs in one transaction (a bulk delete's batch). */
  async removeMany(handles: readonly string[]): Promise<void> {
    // In one order, so that two bulk deletes lock shared parents in the same order.
    const sorted = [...handles].sort();
    await this.db.transaction().execute(async (trx) => {
      for (const h of sorted) await removeJob(trx, this.d, h);
    });
    for (const handle of handles) this.changed({ type: 'removed', handle });
  }

  /** Jobs the upstream is still working on, oldest first; a job it has not named is not. */
  async active(): Promise<ActiveJob[]> {
    return (await ACTIVE_JOBS(this.db, this.d, {})).map(toActiveJob);
  }

  /**
   * The running jobs `replica`'s poller follows now: those whose lease it holds or takes
   * over (free, or lapsed `leaseMs` after its last renewal), renewed by each call, so
   * that each job has one follower at a time (one studio's one replica follows them all).
   * Also marks as unknown, and announces, the creates that have waited for their answer
   * longer than any create can: the replica that sent them died meanwhile.
   */
  async follow(replica: string, leaseMs: number): Promise<ActiveJob[]> {
    if (!this.d.replicas) return this.active();
    const jobs = await followJobs(this.db, replica, leaseMs);
    if (this.createTimeoutMs > 0) {
      for (const handle of await this.sentToUnknown(null)) this.changed({ type: 'job', handle });
    }
    return jobs;
  }

  /** Gives up `replica`'s leases (a clean stop), so that another replica follows at once. */
  async unfollow(replica: string): Promise<void> {
    await this.db.deleteFrom('job_leases').where('replica', '=', replica).execute();
  }

  /**
   * Writes a new state unless the job already finished (on any replica: checked again in
   * the statement); returns whether anything changed. `mediaPending`: the state is a
   * completion whose media is still to be cached, written in the same statement so that
   * no stop can leave it announced but never fetched.
   */
  async applyState(
    handle: string,
    state: JobState,
    task: TaskResponse | null,
    mediaPending = false,
  ): Promise<boolean> {
    const current = await this.get(handle);
    if (!current || !acceptsUpdate(current.status)) return false;
    const written = await writeState(this.db, this.d, handle, state, task, mediaPending);
    if (!written) return false;
    this.changed({ type: 'job', handle, job: this.records([written])[0] });
    return true;
  }

  /**
   * Sizes measured after the job completed, merged into what is known and announced when
   * they add anything. `fetched`: the media the job shows is now cached (or failed to
   * be), so it is no longer pending.
   */
  async addDims(handle: string, dims: MediaDims, fetched = false): Promise<void> {
    // Read and written in one locked step: the prefetch and a browser's request measure
    // the same job at once, and neither may write back sizes that miss the other's.
    const added = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('jobs')
        .select('dims_json')
        .where('handle', '=', handle)
        .$if(this.d.rowLocks, (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) return false;
      const known = parseDims(row.dims_json);
      const merged = { ...known, ...dims };
      await trx
        .updateTable('jobs')
        .set({
          dims_json: JSON.stringify(merged),
          ...(fetched ? { media_pending: 0 } : {}),
        })
        .where('handle', '=', handle)
        .execute();
      return Object.keys(dims).some((k) => !known[k]);
    });
    if (added) this.changed({ type: 'job', handle });
  }

  /** Completed jobs whose media was still being cached when the last run stopped. */
  async mediaPending(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('handle')
      .where('media_pending', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('seq')
      .execute();
    return rows.map((r) => r.handle);
  }

  mediaRetention(handles: readonly string[]): Promise<Map<string, MediaRetention>> {
    return readRetention(this.db, handles, Date.now() - this.upstreamTtlMs);
  }

  async findIdempotent(key: string): Promise<{ fingerprint: string; handle: string } | null> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'handle'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Keys are for double submits, seconds apart; a day is plenty. */
  async pruneIdempotent(olderThan: Date): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', olderThan.toISOString())
      .execute();
  }
}
