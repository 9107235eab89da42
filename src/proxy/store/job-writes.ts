import { sql, type SqlBool } from 'kysely';
import type { TaskResponse } from '@/contract/task';
import type { JobState } from '../model/record';
import type { StoreDialect } from './dialect';
import { KeyTaken, type IdempotencyClaim } from './idempotency-keys';
import { reused } from './reused';
import {
  JOB_COLUMNS,
  ROW_COLUMNS,
  STATE_COLUMNS,
  createdMs,
  rowColumns,
  stateColumns,
  type Row,
} from './rows';
import type { Db } from './schema';

/** A job's writes that run with every create and every change the service reports. */
const insertJob = (db: Db, d: StoreDialect, v: Record<string, unknown>) =>
  db.insertInto('jobs').values({
    ...Object.fromEntries(ROW_COLUMNS.map((c) => [c, v[c]])),
    ...d.search.written(v.words),
    ...(d.nextSeq ? { seq: d.nextSeq } : {}),
  } as never);
const INSERT_JOB = reused([...ROW_COLUMNS, 'words'], (db, d, v) =>
  insertJob(db, d, v).returning(JOB_COLUMNS),
);
// A create's intent: nothing to read back (RETURNING costs SQLite more than the insert).
const INSERT_INTENT = reused([...ROW_COLUMNS, 'words'], insertJob);

/**
 * A create takes its task. What the answer does not say is kept: the creation time, the
 * operation, the prompt (given only to replace one taken from the parent) and, for a
 * callback adopting the job, its state.
 */
const taskTaken = (withState: boolean, withPrompt: boolean) =>
  reused(
    [
      'handle',
      'upstream_id',
      'operation',
      'prompt',
      'words',
      'created_at',
      'created_ms',
      'task_json',
      'updated_at',
      ...STATE_COLUMNS,
    ],
    (db, d, v) =>
      db
        .updateTable('jobs')
        .set({
          upstream_id: v.upstream_id,
          create_state: null,
          queue_position: null,
          queue_body: null,
          operation: sql`COALESCE(${v.operation}, operation)`,
          ...(withPrompt ? { prompt: v.prompt, ...d.search.written(v.words) } : {}),
          created_at: sql`COALESCE(${v.created_at}, created_at)`,
          created_ms: sql`COALESCE(${v.created_ms}, created_ms)`,
          ...(withState ? Object.fromEntries(STATE_COLUMNS.map((c) => [c, v[c]])) : {}),
          task_json: v.task_json,
          updated_at: v.updated_at,
        } as never)
        .where('handle', '=', v.handle as string)
        .where('create_state', 'is not', null)
        .where('deleted_at', 'is', null)
        .returning(JOB_COLUMNS),
  );
const TAKE_TASK = [
  [taskTaken(false, false), taskTaken(false, true)],
  [taskTaken(true, false), taskTaken(true, true)],
] as const;

const APPLY_STATE = reused(
  ['handle', 'task_json', 'media_pending', 'updated_at', ...STATE_COLUMNS],
  (db, _d, v) =>
    db
      .updateTable('jobs')
      .set({
        ...Object.fromEntries(STATE_COLUMNS.map((c) => [c, v[c]])),
        task_json: sql`COALESCE(${v.task_json}, task_json)`,
        media_pending: v.media_pending,
        updated_at: v.updated_at,
      } as never)
      .where('handle', '=', v.handle as string)
      .where(sql<SqlBool>`status NOT IN ('completed', 'failed')`)
      .where('deleted_at', 'is', null)
      .returning(JOB_COLUMNS),
);

/**
 * A new row, read back as written; `seq` from the database's sequence (or, on SQLite, the
 * insert's own).
 */
export async function insertJobRow(db: Db, d: StoreDialect, job: Row): Promise<unknown> {
  const values = { ...rowColumns(job, null), words: d.search.words(job.prompt) };
  const [row] = await INSERT_JOB(db, d, values);
  if (!row) throw new Error('a job was not stored');
  return row;
}

/** A create's row before its answer (`sending`), with the same values. */
export async function insertIntentRow(db: Db, d: StoreDialect, job: Row): Promise<void> {
  await INSERT_INTENT(db, d, { ...rowColumns(job, 'sending'), words: d.search.words(job.prompt) });
}

/** Binds an idempotency key to a create's job; `KeyTaken` when another create holds it. */
export async function claimKey(trx: Db, claim: IdempotencyClaim, handle: string): Promise<void> {
  const { numInsertedOrUpdatedRows } = await trx
    .insertInto('idempotency_keys')
    .values({ ...claim, handle, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirstOrThrow();
  if (numInsertedOrUpdatedRows === 0n) throw new KeyTaken(claim.key);
}

/**
 * An open create takes the task the upstream named, in one statement that takes only a
 * create still open; the row as written, or undefined when the job is gone or already
 * took a task (another replica confirmed it first).
 */
export async function takeTask(
  db: Db,
  d: StoreDialect,
  handle: string,
  task: TaskResponse,
  state: JobState | null,
  prompt: string | null,
): Promise<unknown> {
  const createdAt = task.meta?.created_at ?? null;
  const [row] = await TAKE_TASK[state ? 1 : 0][prompt === null ? 0 : 1](db, d, {
    handle,
    upstream_id: task.job_id,
    operation: task.task_type || null,
    prompt,
    words: prompt === null ? null : d.search.words(prompt),
    created_at: createdAt,
    created_ms: createdAt === null ? null : createdMs(createdAt),
    task_json: JSON.stringify(task),
    updated_at: new Date().toISOString(),
    ...(state ? stateColumns(state) : {}),
  });
  return row;
}

/**
 * A new state, unless the job finished meanwhile (on any replica: checked in the
 * statement); the row as written, or undefined.
 */
export async function writeState(
  db: Db,
  d: StoreDialect,
  handle: string,
  state: JobState,
  task: TaskResponse | null,
  mediaPending: boolean,
): Promise<unknown> {
  const [row] = await APPLY_STATE(db, d, {
    handle,
    task_json: task === null ? null : JSON.stringify(task),
    media_pending: mediaPending ? 1 : 0,
    updated_at: new Date().toISOString(),
    ...stateColumns(state),
  });
  return row;
}
