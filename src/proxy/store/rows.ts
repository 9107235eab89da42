import { z } from 'zod';
import { studioErrorSchema } from '../../contract/studio-api';
import { taskOutputSchema, taskStatusSchema, taskTypeSchema } from '../../contract/task';
import type { JobRecord, JobState } from '../model/record';
import { containsUuid } from '../log';

const dimsSchema = z.record(
  z.string(),
  z.object({ width: z.number().int(), height: z.number().int() }),
);

/**
 * The columns a JobRecord is read from: never `task_json`, the upstream's whole answer,
 * which no read path needs and which would make every list page heavier.
 */
export const JOB_COLUMNS = `handle, seq, upstream_id, parent_handle, parent_index, operation,
  prompt, status, progress, created_at, started_at, ended_at, cost_frozen, cost_consumed,
  cost_unit, output_json, dims_json, error_json, favourite, upstream_gone, added_ms, params_json,
  create_state`;

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
  favourite: z.number().int(),
  upstream_gone: z.number().int(),
  added_ms: z.number().int(),
  params_json: z.string().nullable(),
  create_state: z.enum(['sending', 'unknown']).nullable(),
});

const paramsSchema = z.record(z.string(), z.unknown());

const parseJson = <T>(schema: z.ZodType<T>, text: string | null): T | null =>
  text === null ? null : schema.parse(JSON.parse(text));

/**
 * A stored job. `expiredBeforeMs`: a job created before then is past the upstream's TTL,
 * so the upstream no longer has it (its media may still be in the cache).
 */
export function toRecord(raw: unknown, expiredBeforeMs: number): JobRecord {
  const row = rowSchema.parse(raw);
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
    favourite: row.favourite === 1,
    // Written redacted (jobs/params.ts); checked again so that no code path that ever
    // wrote this column can put an upstream UUID in front of the browser.
    params: containsUuid(row.params_json ?? '') ? null : parseJson(paramsSchema, row.params_json),
    upstreamExpired: row.upstream_gone === 1 || row.added_ms < expiredBeforeMs,
    createState: row.create_state,
  };
}

/** The SET list of an UPDATE that writes a JobState; its values come from stateParams. */
export const STATE_SET = `status = @status, progress = @progress, started_at = @started_at,
  ended_at = @ended_at, cost_frozen = @cost_frozen, cost_consumed = @cost_consumed,
  cost_unit = @cost_unit, output_json = @output_json, error_json = @error_json`;

export const stateParams = (s: JobState) => ({
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

/** Milliseconds since the epoch of the upstream's creation time, for date filters. */
export const createdMs = (createdAt: string): number => {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? Date.now() : ms;
};
