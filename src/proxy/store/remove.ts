import type { StoreDialect } from './dialect';
import type { Db } from './schema';
import { indexed } from './search';

/**
 * Deletes a job from the history and what hangs on it (its idempotency key, its links to
 * uploads, its places in collections, the mask it was sent with), inside the caller's transaction. A job with children keeps an empty row, so
 * that their lineage still holds; a parent that was kept only for this job goes with it.
 */
export async function removeJob(trx: Db, d: StoreDialect, handle: string): Promise<void> {
  await trx.deleteFrom('idempotency_keys').where('handle', '=', handle).execute();
  await trx.deleteFrom('job_uploads').where('handle', '=', handle).execute();
  await trx.deleteFrom('collection_items').where('job_handle', '=', handle).execute();
  await trx.deleteFrom('job_masks').where('job_handle', '=', handle).execute();
  for (let h: string | null = handle; h !== null;) h = await removeOne(trx, d, h, h === handle);
}

/** Removes one row or empties it; returns a deleted parent that may go too. */
async function removeOne(
  trx: Db,
  d: StoreDialect,
  handle: string,
  asked: boolean,
): Promise<string | null> {
  const row = await trx
    .selectFrom('jobs')
    .select(['parent_handle', 'deleted_at'])
    .where('handle', '=', handle)
    .$if(d.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row || (!asked && row.deleted_at === null)) return null;
  const child = await trx
    .selectFrom('jobs')
    .select('handle')
    .where('parent_handle', '=', handle)
    .limit(1)
    .executeTakeFirst();
  if (child) {
    await trx
      .updateTable('jobs')
      .set({
        deleted_at: row.deleted_at ?? new Date().toISOString(),
        prompt: '',
        ...indexed(d, ''),
        output_json: null,
        task_json: null,
        error_json: null,
        dims_json: '{}',
        hook_token: null,
        upstream_id: '',
        favourite: 0,
        params_json: null,
      })
      .where('handle', '=', handle)
      .execute();
    return null;
  }
  await trx.deleteFrom('jobs').where('handle', '=', handle).execute();
  return row.parent_handle;
}
