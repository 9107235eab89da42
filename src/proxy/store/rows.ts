import type { StudioError } from '@/contract/studio-api';
import type { Selectable } from 'kysely';
import type { TaskOutput, TaskResponse } from '@/contract/task';
import type { CreateState, JobRecord, JobState, MediaDims } from '../model/record';
import { containsUuid } from '../log';
import type { ActiveJob } from './history';
import type { JobsTable } from './schema';

/**
 * The columns a JobRecord is read from: never `task_json`, the upstream's whole answer,
 * which no read path needs and which would make every list page heavier.
 */
export const JOB_COLUMNS = [
  'handle',
  'seq',
  'upstream_id',
  'parent_handle',
  'parent_index',
  'operation',
  'prompt',
  'status',
  'progress',
  'created_at',
  'started_at',
  'ended_at',
  'cost_frozen',
  'cost_consumed',
  'cost_unit',
  'output_json',
  'dims_json',
  'error_json',
  'favourite',
  'upstream_gone',
  'added_ms',
  'params_json',
  'create_state',
  'created_by',
  'queue_position',
] as const;

/** JOB_COLUMNS for SQL written out, each of table `t`. */
export const jobColumnsOf = (t: string): string => JOB_COLUMNS.map((c) => `${t}.${c}`).join(', ');

/**
 * A row of JOB_COLUMNS as both databases return it. Only this studio writes these rows, and
 * what came from outside was parsed before it was written (the upstream's task by the
 * client, a browser's create by the contract), so a read does not parse it again: a zod
 * pass over every row was a tenth of a job read.
 */
type JobRow = Selectable<Pick<JobsTable, (typeof JOB_COLUMNS)[number]>>;

const fromJson = <T>(text: string | null): T | null =>
  text === null ? null : (JSON.parse(text) as T);

/** The sizes measured of a job's media, as stored. */
export const parseDims = (text: string | null): MediaDims => fromJson<MediaDims>(text) ?? {};

/**
 * A stored job. `expiredBeforeMs`: a job created before then is past the upstream's TTL,
 * so the upstream no longer has it (its media may still be in the cache).
 */
export function toRecord(raw: unknown, expiredBeforeMs: number): JobRecord {
  const row = raw as JobRow;
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
    output: fromJson<TaskOutput>(row.output_json),
    dims: parseDims(row.dims_json),
    error: fromJson<StudioError>(row.error_json),
    favourite: row.favourite === 1,
    // Written redacted (jobs/params.ts); checked again so that no code path that ever
    // wrote this column can put an upstream UUID in front of the browser.
    params:
      row.params_json === null || containsUuid(row.params_json)
        ? null
        : fromJson<Record<string, unknown>>(row.params_json),
    upstreamExpired: row.upstream_gone === 1 || row.added_ms < expiredBeforeMs,
    createState: row.create_state,
    queuePlace: row.create_state === 'queued' ? row.queue_position : null,
    createdBy: row.created_by,
  };
}

/** The columns of a JobState, for an insert or an update. */
export const STATE_COLUMNS = [
  'status',
  'progress',
  'started_at',
  'ended_at',
  'cost_frozen',
  'cost_consumed',
  'cost_unit',
  'output_json',
  'error_json',
] as const;

export const stateColumns = (s: JobState) =>
  ({
    status: s.status,
    progress: s.progress,
    started_at: s.startedAt,
    ended_at: s.endedAt,
    cost_frozen: s.cost.frozen,
    cost_consumed: s.cost.consumed,
    cost_unit: s.cost.unit,
    output_json: s.output === null ? null : JSON.stringify(s.output),
    error_json: s.error === null ? null : JSON.stringify(s.error),
  }) satisfies Record<(typeof STATE_COLUMNS)[number], unknown>;

/** Milliseconds since the epoch of the upstream's creation time, for date filters. */
export const createdMs = (createdAt: string): number => {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? Date.now() : ms;
};

type Stored =
  'seq' | 'favourite' | 'upstreamExpired' | 'params' | 'createState' | 'queuePlace' | 'createdBy';
export type NewJob = Omit<JobRecord, Stored> & {
  /** The person who made it. */
  createdBy?: string | null;
  task: TaskResponse;
  /** What to keep of the create's params (see jobs/params.ts); none when not given. */
  params?: Record<string, unknown> | null;
  /** The secret part of the job's callback URL, when the create asked for a callback. */
  hookToken?: string | null;
};
export type Row = Omit<NewJob, 'task'> & { task: TaskResponse | null };

/** The columns of a new row; the sequence number is the database's to choose. */
export const ROW_COLUMNS = [
  'handle',
  'upstream_id',
  'parent_handle',
  'parent_index',
  'operation',
  'prompt',
  'created_at',
  'dims_json',
  'task_json',
  'updated_at',
  'hook_token',
  'created_ms',
  'added_ms',
  'params_json',
  'create_state',
  'created_by',
  ...STATE_COLUMNS,
] as const;

export function rowColumns(job: Row, createState: CreateState | null) {
  return {
    handle: job.handle,
    upstream_id: job.upstreamId,
    parent_handle: job.parentHandle,
    parent_index: job.parentIndex,
    operation: job.operation,
    prompt: job.prompt,
    created_at: job.createdAt,
    dims_json: JSON.stringify(job.dims),
    task_json: job.task === null ? null : JSON.stringify(job.task),
    updated_at: new Date().toISOString(),
    hook_token: job.hookToken ?? null,
    created_ms: createdMs(job.createdAt),
    added_ms: Date.now(),
    params_json: job.params ? JSON.stringify(job.params) : null,
    create_state: createState,
    created_by: job.createdBy ?? null,
    ...stateColumns(job),
  } satisfies Record<(typeof ROW_COLUMNS)[number], unknown>;
}

/** A running job as its follower reads it. */
export const toActiveJob = (r: {
  handle: string;
  upstream_id: string;
  hook_token: string | null;
}): ActiveJob => ({ handle: r.handle, upstreamId: r.upstream_id, hooked: r.hook_token !== null });
