import { sql } from 'kysely';
import { TASK_TYPES } from '@/contract/task';
import type { Exec, LedgerDialect } from '../dialect';
import type { Db } from '../schema';

/**
 * The speed a job was billed at, read from the prompt flags as the service bills them: a
 * follow-up's own --fast/--turbo, else its parent's; operations without a turbo price are
 * always fast.
 */
export const JOB_SPEED_VIEW = `CREATE VIEW job_speed AS
   SELECT handle, CASE
       WHEN operation IN ('blend', 'describe', 'shorten', 'enhance_upscale') THEN 'fast'
       WHEN own LIKE '% --turbo %' THEN 'turbo'
       WHEN own LIKE '% --fast %' THEN 'fast'
       WHEN inherited LIKE '% --turbo %' THEN 'turbo'
       ELSE 'fast'
     END AS speed
   FROM (
     SELECT j.handle, j.operation,
       ' ' || replace(replace(replace(j.prompt, char(9), ' '), char(10), ' '), char(13), ' ') || ' ' AS own,
       ' ' || replace(replace(replace(COALESCE(p.prompt, ''), char(9), ' '), char(10), ' '), char(13), ' ') || ' ' AS inherited
     FROM jobs j LEFT JOIN jobs p ON p.handle = j.parent_handle
   );`;

/** A prompt with a space at either end and its tabs and line breaks as spaces. */
const spaced = (text: string) =>
  `(' ' || replace(replace(replace(${text}, char(9), ' '), char(10), ' '), char(13), ' ') || ' ')`;

/**
 * The speed a new job is billed at, by the rules of `job_speed`, from its own prompt and its
 * parent's. The parent is looked up by its handle alone, which SQLite answers from the
 * handle's unique index whatever its statistics say; through the view, statistics measured
 * while the history was nearly empty had the planner scan every job for each create (a
 * create's cost growing with the history: 100,000 jobs took more than 15 minutes to write).
 */
const NEW_JOB_SPEED = `CASE
       WHEN new.operation IN ('blend', 'describe', 'shorten', 'enhance_upscale') THEN 'fast'
       WHEN ${spaced('new.prompt')} LIKE '% --turbo %' THEN 'turbo'
       WHEN ${spaced('new.prompt')} LIKE '% --fast %' THEN 'fast'
       WHEN ${spaced("COALESCE((SELECT prompt FROM jobs WHERE handle = new.parent_handle), '')")}
         LIKE '% --turbo %' THEN 'turbo'
       ELSE 'fast'
     END`;

/** A job's row in the ledger, written with the job (an upsert, so the sums follow). */
export const LEDGER_JOB_ADDED = `CREATE TRIGGER ledger_job_added AFTER INSERT ON jobs BEGIN
     INSERT INTO ledger (handle, operation, speed, status, frozen, consumed, refunded,
       created_ms, updated_ms)
     VALUES (new.handle, new.operation, ${NEW_JOB_SPEED}, new.status, new.cost_frozen,
       new.cost_consumed,
       CASE WHEN new.status IN ('completed', 'failed')
         THEN MAX(new.cost_frozen - new.cost_consumed, 0) ELSE 0 END,
       new.created_ms, CAST(unixepoch('subsec') * 1000 AS INTEGER))
     ON CONFLICT (handle) DO UPDATE SET operation = excluded.operation, speed = excluded.speed,
       status = excluded.status, frozen = excluded.frozen, consumed = excluded.consumed,
       refunded = excluded.refunded, created_ms = excluded.created_ms,
       updated_ms = excluded.updated_ms;
   END;`;

/**
 * The ledger follows every change of a job's status or cost (a write that changes neither,
 * as a progress report's, leaves it alone); `frozen` never shrinks, so a service that
 * zeroes a failed task's usage still shows the refund.
 */
export const LEDGER_JOB_CHANGED = `CREATE TRIGGER ledger_job_changed
   AFTER UPDATE OF status, cost_frozen, cost_consumed, created_ms ON jobs
   WHEN old.status IS NOT new.status OR old.cost_frozen IS NOT new.cost_frozen
     OR old.cost_consumed IS NOT new.cost_consumed OR old.created_ms IS NOT new.created_ms
   BEGIN
     UPDATE ledger SET status = new.status, frozen = MAX(frozen, new.cost_frozen),
       created_ms = new.created_ms,
       consumed = new.cost_consumed,
       refunded = CASE WHEN new.status IN ('completed', 'failed')
         THEN MAX(MAX(frozen, new.cost_frozen) - new.cost_consumed, 0) ELSE 0 END,
       updated_ms = CAST(unixepoch('subsec') * 1000 AS INTEGER)
     WHERE handle = new.handle;
   END;`;

/** A deleted job keeps its row unless it cost nothing. */
export const LEDGER_JOB_DROPPED = `CREATE TRIGGER ledger_job_dropped AFTER DELETE ON jobs BEGIN
     DELETE FROM ledger WHERE handle = old.handle AND frozen = 0 AND consumed = 0;
   END;`;

/** One ledger row's part of its quarter hour's sums: `sign` 1 adds it, -1 takes it away. */
const quarterChange = (row: 'new' | 'old', sign: 1 | -1) =>
  sign === 1
    ? `INSERT INTO ledger_quarters (quarter, operation, jobs, consumed, refunded)
       VALUES (new.created_ms / 900000, new.operation, 1, new.consumed, new.refunded)
       ON CONFLICT (quarter, operation) DO UPDATE SET jobs = jobs + 1,
         consumed = consumed + excluded.consumed, refunded = refunded + excluded.refunded;`
    : `UPDATE ledger_quarters SET jobs = jobs - 1, consumed = consumed - ${row}.consumed,
         refunded = refunded - ${row}.refunded
       WHERE quarter = ${row}.created_ms / 900000 AND operation = ${row}.operation;
       DELETE FROM ledger_quarters
       WHERE quarter = ${row}.created_ms / 900000 AND operation = ${row}.operation AND jobs = 0;`;

/**
 * The sums per quarter hour and operation (`ledger_quarters`) follow every ledger row in
 * its transaction; a quarter with no jobs left is removed. Costs are whole credits, so
 * the sums stay exact.
 */
export const QUARTER_TRIGGERS = `CREATE TRIGGER ledger_quarters_added AFTER INSERT ON ledger BEGIN
     ${quarterChange('new', 1)}
   END;
   CREATE TRIGGER ledger_quarters_changed
   AFTER UPDATE OF created_ms, operation, consumed, refunded ON ledger
   WHEN old.created_ms / 900000 <> new.created_ms / 900000 OR old.operation <> new.operation
     OR old.consumed <> new.consumed OR old.refunded <> new.refunded
   BEGIN
     ${quarterChange('old', -1)}
     ${quarterChange('new', 1)}
   END;
   CREATE TRIGGER ledger_quarters_dropped AFTER DELETE ON ledger BEGIN
     ${quarterChange('old', -1)}
   END;`;

/** The quarter hours of one operation in order: what a (day, operation) sum reads. */
export const QUARTERS_BY_OPERATION = `CREATE INDEX ledger_quarters_operation
   ON ledger_quarters(operation, quarter, jobs, consumed, refunded);`;

const OPERATIONS = sql.join(TASK_TYPES.map((t) => sql`(${t})`));

/**
 * Each (day, operation) sum from its own range of `ledger_quarters_operation`: SQLite
 * adds up one grouped pass over the range by sorting every row of it (31–40 ms for 90
 * days of 100,000 jobs, against 11–15 ms this way).
 */
async function sums(db: Db, bounds: readonly number[]): Promise<{ rows: unknown[] }> {
  const days = bounds.slice(0, -1).map((start, n) => sql`(${n}, ${start}, ${bounds[n + 1]})`);
  const { rows } = await sql<{ n: number; operation: string; agg: string }>`
    WITH days(n, start_at, end_at) AS (VALUES ${sql.join(days)}),
      ops(operation) AS (VALUES ${OPERATIONS})
    SELECT d.n AS n, o.operation AS operation,
      (SELECT json_array(COALESCE(SUM(jobs), 0), TOTAL(consumed), TOTAL(refunded))
       FROM ledger_quarters q INDEXED BY ledger_quarters_operation
       WHERE q.operation = o.operation AND q.quarter >= d.start_at AND q.quarter < d.end_at)
        AS agg
    FROM days d, ops o`.execute(db);
  return {
    rows: rows.flatMap(({ n, operation, agg }) => {
      const [jobs, consumed, refunded] = JSON.parse(agg) as [number, number, number];
      return jobs > 0 ? [{ n, operation, jobs, consumed, refunded }] : [];
    }),
  };
}

/**
 * The maker follows the job into its ledger row whichever trigger runs first: a new
 * ledger row reads it from its job, and a job written or given a maker writes it to its
 * row (SQLite does not promise the order of two triggers on one event).
 */
const LEDGER_MAKERS = `CREATE TRIGGER ledger_maker_added AFTER INSERT ON ledger BEGIN
     UPDATE ledger SET created_by = (SELECT created_by FROM jobs WHERE handle = new.handle)
     WHERE handle = new.handle;
   END;
   CREATE TRIGGER ledger_maker_job_added AFTER INSERT ON jobs BEGIN
     UPDATE ledger SET created_by = new.created_by WHERE handle = new.handle;
   END;
   CREATE TRIGGER ledger_maker_job_changed AFTER UPDATE OF created_by ON jobs
   WHEN old.created_by IS NOT new.created_by BEGIN
     UPDATE ledger SET created_by = new.created_by WHERE handle = new.handle;
   END;`;

/** The ledger's triggers on SQLite, the same rules as `postgres/ledger.ts`. */
export const sqliteLedger = (exec: Exec): LedgerDialect => ({
  sums,
  speedByHandle: (db) =>
    exec(
      db,
      `DROP TRIGGER ledger_job_added;
       ${LEDGER_JOB_ADDED}
       DROP VIEW IF EXISTS job_speed;`,
    ),
  makers: (db) => exec(db, LEDGER_MAKERS),
  create: (db) =>
    exec(
      db,
      [
        JOB_SPEED_VIEW,
        LEDGER_JOB_ADDED,
        LEDGER_JOB_CHANGED,
        LEDGER_JOB_DROPPED,
        QUARTER_TRIGGERS,
        QUARTERS_BY_OPERATION,
      ].join('\n'),
    ),
});
