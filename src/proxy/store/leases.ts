import { sql, type SqlBool } from 'kysely';
import type { ActiveJob } from './history';
import { toActiveJob } from './rows';
import type { Db } from './schema';

/** A lease not renewed for this long after it lapsed is a finished job's: it is dropped. */
const FORGET_AFTER_MS = 60_000;

const RUNNING = sql<SqlBool>`status NOT IN ('completed', 'failed') AND create_state IS NULL
  AND deleted_at IS NULL`;

/**
 * Takes or renews the leases of the running jobs `replica` may follow, in one
 * transaction: a job without a lease, with this replica's, or with a lapsed one becomes
 * this replica's until `now + leaseMs`. Two replicas asking at once conflict on the same
 * row; Postgres checks the condition again on the row the other one just wrote, so
 * exactly one of them gets each job, and a live replica's lease is never taken. A replica
 * that was killed stops renewing, and its jobs go to the next one to ask once `leaseMs`
 * has passed. (One studio on SQLite follows every running job without a lease.)
 */
export async function followJobs(db: Db, replica: string, leaseMs: number): Promise<ActiveJob[]> {
  const now = Date.now();
  const until = now + leaseMs;
  const rows = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('job_leases')
      .where('until_ms', '<', now - leaseMs - FORGET_AFTER_MS)
      .execute();
    await trx
      .insertInto('job_leases')
      .columns(['handle', 'replica', 'until_ms'])
      .expression((eb) =>
        eb
          .selectFrom('jobs')
          .select((s) => ['handle', s.val(replica).as('replica'), s.val(until).as('until_ms')])
          .where(RUNNING),
      )
      .onConflict((oc) =>
        oc
          .column('handle')
          .doUpdateSet({
            replica: (eb) => eb.ref('excluded.replica'),
            until_ms: (eb) => eb.ref('excluded.until_ms'),
          })
          .where((eb) =>
            eb.or([
              eb('job_leases.replica', '=', eb.ref('excluded.replica')),
              eb('job_leases.until_ms', '<', now),
            ]),
          ),
      )
      .execute();
    return trx
      .selectFrom('jobs')
      .innerJoin('job_leases', 'job_leases.handle', 'jobs.handle')
      .select(['jobs.handle', 'jobs.upstream_id', 'jobs.hook_token'])
      .where('job_leases.replica', '=', replica)
      .where('job_leases.until_ms', '=', until)
      .where(RUNNING)
      .orderBy('jobs.seq')
      .execute();
  });
  return rows.map(toActiveJob);
}
