import type { PgClient } from '@/server/postgres';
import { first, run } from './sql';

/**
 * `removeFromHistory` for Postgres, inside the caller's transaction: the job's key and
 * upload links go; a job with children keeps an emptied row so their lineage holds; a
 * deleted parent kept only for this job goes with it.
 */
export async function removeJob(c: PgClient, handle: string): Promise<void> {
  await run(c, 'DELETE FROM idempotency_keys WHERE handle = @handle', { handle });
  await run(c, 'DELETE FROM job_uploads WHERE handle = @handle', { handle });
  for (let h: string | null = handle; h !== null;) h = await removeOne(c, h, h === handle);
}

async function removeOne(c: PgClient, handle: string, asked: boolean): Promise<string | null> {
  const row = (await first(
    c,
    'SELECT parent_handle, deleted_at FROM jobs WHERE handle = @handle FOR UPDATE',
    { handle },
  )) as { parent_handle: string | null; deleted_at: string | null } | undefined;
  if (!row || (!asked && row.deleted_at === null)) return null;
  const child = await first(c, 'SELECT 1 FROM jobs WHERE parent_handle = @handle LIMIT 1', {
    handle,
  });
  if (child !== undefined) {
    await run(
      c,
      `UPDATE jobs SET deleted_at = COALESCE(deleted_at, @now), prompt = '',
         prompt_words = ''::tsvector, output_json = NULL, task_json = NULL, error_json = NULL,
         dims_json = '{}', hook_token = NULL, upstream_id = '', favourite = 0, params_json = NULL
       WHERE handle = @handle`,
      { now: new Date().toISOString(), handle },
    );
    return null;
  }
  await run(c, 'DELETE FROM jobs WHERE handle = @handle', { handle });
  return row.parent_handle;
}
