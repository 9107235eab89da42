import type { ActiveJob } from '../jobs';
import { run, type Queryable } from './sql';

/** A lease not renewed for this long after it lapsed is a finished job's: it is dropped. */
const FORGET_AFTER_MS = 60_000;

/**
 * Takes or renews the leases of the running jobs `replica` may follow, in one statement:
 * a job without a lease, with this replica's, or with a lapsed one becomes this replica's
 * until `now + leaseMs`. Two replicas asking at once conflict on the same row; Postgres
 * re-checks the condition on the row the other one just wrote, so exactly one of them gets
 * each job, and a live replica's lease is never taken. A replica that was killed stops
 * renewing, and its jobs go to the next one to ask once `leaseMs` has passed.
 */
export async function followJobs(
  db: Queryable,
  replica: string,
  leaseMs: number,
): Promise<ActiveJob[]> {
  const now = Date.now();
  await run(db, 'DELETE FROM job_leases WHERE until_ms < @before', {
    before: now - leaseMs - FORGET_AFTER_MS,
  });
  const { rows } = await run(
    db,
    `WITH claimed AS (
       INSERT INTO job_leases (handle, replica, until_ms)
       SELECT handle, @replica, @until FROM jobs
        WHERE status NOT IN ('completed', 'failed') AND create_state IS NULL
          AND deleted_at IS NULL
        ORDER BY seq
       ON CONFLICT (handle) DO UPDATE SET replica = EXCLUDED.replica, until_ms = EXCLUDED.until_ms
        WHERE job_leases.replica = EXCLUDED.replica OR job_leases.until_ms < @now
       RETURNING handle)
     SELECT j.handle, j.upstream_id, j.hook_token IS NOT NULL AS hooked
       FROM jobs j JOIN claimed USING (handle) ORDER BY j.seq`,
    { replica, until: now + leaseMs, now },
  );
  return (rows as { handle: string; upstream_id: string; hooked: boolean }[]).map((r) => ({
    handle: r.handle,
    upstreamId: r.upstream_id,
    hooked: r.hooked,
  }));
}
