import type Database from 'better-sqlite3';
import { z } from 'zod';
import { studioErrorSchema } from '../../contract/studio-api';
import {
  taskOutputSchema,
  taskStatusSchema,
  taskTypeSchema,
  type TaskResponse,
} from '../../contract/task';
import { acceptsUpdate, type JobRecord, type JobState, type MediaDims } from '../jobs/record';

const dimsSchema = z.record(
  z.string(),
  z.object({ width: z.number().int(), height: z.number().int() }),
);

/** A row as better-sqlite3 returns it; every column is parsed before it is trusted. */
const rowSchema = z.object({
  handle: z.string(),
  seq: z.number().int(),
  upstream_id: z.string(),
  parent_handle: z.string().nullable(),
  parent_index: z.number().int().nullable(),
  operation: taskTypeSchema,
  prompt: z.string(),
  status: taskStatusSchema,
  progress: z.number(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  cost_frozen: z.number(),
  cost_consumed: z.number(),
  cost_unit: z.string(),
  output_json: z.string().nullable(),
  dims_json: z.string(),
  error_json: z.string().nullable(),
});
type Row = z.infer<typeof rowSchema>;

const parseJson = <T>(schema: z.ZodType<T>, text: string | null): T | null =>
  text === null ? null : schema.parse(JSON.parse(text));

function toRecord(row: Row): JobRecord {
  return {
    handle: row.handle,
    seq: row.seq,
    upstreamId: row.upstream_id,
    parentHandle: row.parent_handle,
    parentIndex: row.parent_index,
    operation: row.operation,
    prompt: row.prompt,
    status: row.status,
    progress: row.progress,
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    cost: { frozen: row.cost_frozen, consumed: row.cost_consumed, unit: row.cost_unit },
    output: parseJson(taskOutputSchema, row.output_json),
    dims: parseJson(dimsSchema, row.dims_json) ?? {},
    error: parseJson(studioErrorSchema, row.error_json),
  };
}

const stateParams = (s: JobState) => ({
  status: s.status,
  progress: s.progress,
  started_at: s.startedAt,
  ended_at: s.endedAt,
  cost_frozen: s.cost.frozen,
  cost_consumed: s.cost.consumed,
  cost_unit: s.cost.unit,
  output_json: s.output === null ? null : JSON.stringify(s.output),
  error_json: s.error === null ? null : JSON.stringify(s.error),
});

type NewJob = Omit<JobRecord, 'seq'> & { task: TaskResponse };

interface ActiveJob {
  handle: string;
  upstreamId: string;
}

/** The studio's history of jobs. Synchronous: better-sqlite3 calls are short and local. */
export class JobStore {
  constructor(private readonly db: Database.Database) {}

  /** Stores a new job with the next sequence number; the newest job has the highest. */
  insert(job: NewJob): JobRecord {
    const insert = this.db.prepare(`
      INSERT INTO jobs (handle, seq, upstream_id, parent_handle, parent_index, operation, prompt,
        status, progress, created_at, started_at, ended_at, cost_frozen, cost_consumed,
        cost_unit, output_json, dims_json, error_json, task_json, updated_at)
      VALUES (@handle, (SELECT COALESCE(MAX(seq), 0) + 1 FROM jobs), @upstream_id,
        @parent_handle, @parent_index, @operation, @prompt, @status, @progress, @created_at,
        @started_at, @ended_at, @cost_frozen, @cost_consumed, @cost_unit, @output_json,
        @dims_json, @error_json, @task_json, @updated_at)`);
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
      ...stateParams(job),
    });
    const stored = this.get(job.handle);
    if (!stored) throw new Error('job vanished right after insert');
    return stored;
  }

  get(handle: string): JobRecord | null {
    const row: unknown = this.db.prepare('SELECT * FROM jobs WHERE handle = ?').get(handle);
    return row === undefined ? null : toRecord(rowSchema.parse(row));
  }

  /** Newest first; `beforeSeq` continues after the last job of the previous page. */
  list(beforeSeq: number | null, limit: number): { jobs: JobRecord[]; more: boolean } {
    const rows = this.db
      .prepare('SELECT * FROM jobs WHERE seq < ? ORDER BY seq DESC LIMIT ?')
      .all(beforeSeq ?? Number.MAX_SAFE_INTEGER, limit + 1);
    const jobs = rows.slice(0, limit).map((r) => toRecord(rowSchema.parse(r)));
    return { jobs, more: rows.length > limit };
  }

  /** Jobs the upstream is still working on, oldest first. */
  active(): ActiveJob[] {
    const rows = this.db
      .prepare(
        "SELECT handle, upstream_id FROM jobs WHERE status NOT IN ('completed', 'failed') ORDER BY seq",
      )
      .all();
    return z
      .array(z.object({ handle: z.string(), upstream_id: z.string() }))
      .parse(rows)
      .map((r) => ({ handle: r.handle, upstreamId: r.upstream_id }));
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
    return true;
  }

  /** Sizes measured later (a media file fetched on demand), merged into what is known. */
  addDims(handle: string, dims: MediaDims): void {
    const current = this.get(handle);
    if (!current) return;
    this.db
      .prepare('UPDATE jobs SET dims_json = ? WHERE handle = ?')
      .run(JSON.stringify({ ...current.dims, ...dims }), handle);
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
