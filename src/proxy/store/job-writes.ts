import type { TaskResponse } from '@/contract/task';
import type { JobRecord, JobState } from '../model/record';
import type { StoreDialect } from './dialect';
import { KeyTaken, type IdempotencyClaim } from './idempotency-keys';
import { createdMs, rowColumns, stateColumns, type Row } from './rows';
import type { Db } from './schema';

/** A new row; `seq` from the database's sequence (or, on SQLite, the insert's own). */
export async function insertJobRow(
  db: Db,
  d: StoreDialect,
  job: Row,
  createState: 'sending' | null,
): Promise<void> {
  const seq = d.nextSeq;
  await db
    .insertInto('jobs')
    .values({
      ...rowColumns(job, createState),
      ...d.search.written(job.prompt),
      ...(seq ? { seq } : {}),
    })
    .execute();
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
 * create still open: false when another replica confirmed it first.
 */
export async function takeTask(
  db: Db,
  d: StoreDialect,
  current: JobRecord,
  task: TaskResponse,
  state: JobState | null,
  prompt: string | null,
): Promise<boolean> {
  const createdAt = task.meta?.created_at ?? current.createdAt;
  const newPrompt = prompt ?? current.prompt;
  const result = await db
    .updateTable('jobs')
    .set({
      upstream_id: task.job_id,
      create_state: null,
      operation: task.task_type || current.operation,
      prompt: newPrompt,
      ...d.search.written(newPrompt),
      created_at: createdAt,
      created_ms: createdMs(createdAt),
      ...stateColumns(state ?? current),
      task_json: JSON.stringify(task),
      updated_at: new Date().toISOString(),
    })
    .where('handle', '=', current.handle)
    .where('create_state', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
