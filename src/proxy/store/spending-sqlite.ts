import type Database from 'better-sqlite3';
import { z } from 'zod';
import { TASK_TYPES, taskTypeSchema } from '@/contract/task';
import type { LocalDay } from '../model/local-days';
import { prepared } from '@/server/sqlite';
import {
  CONSUMED_SINCE,
  LEDGER_COLUMNS,
  LIST_LIMIT,
  PROMPT_CHARS,
  spendingReads,
  type Bucket,
  type SpendingReads,
} from './spending';

const OPERATIONS = JSON.stringify(TASK_TYPES);

/** One (day, operation) cell: `agg` is `[jobs, consumed, refunded]`, built in SQL. */
const cellSchema = z.object({ n: z.number().int(), operation: taskTypeSchema, agg: z.string() });
const aggSchema = z.tuple([z.number().int(), z.number(), z.number()]);

/**
 * Per local day and operation, one range of the index `ledger_op_time` each: no sort
 * (a GROUP BY over every job would sort them all), and empty cells cost one index probe.
 */
const CELLS = `WITH days(n, start_ms, end_ms) AS (
    SELECT key, value ->> 0, value ->> 1 FROM json_each(@days)
  ), ops(operation) AS (SELECT value FROM json_each(@operations))
  SELECT d.n AS n, o.operation AS operation,
    (SELECT json_array(COUNT(*), TOTAL(consumed), TOTAL(refunded)) FROM ledger
     WHERE operation = o.operation AND created_ms >= d.start_ms AND created_ms < d.end_ms) AS agg
  FROM ops o, days d`;

/**
 * A few jobs of the range in a given order: chosen from an index alone (by rowid), then
 * read whole and joined to the history for their prompt.
 */
const listed = (source: string, where: string, order: string) => `
  SELECT l.handle AS handle, l.operation AS operation, l.speed AS speed, l.status AS status,
    l.frozen AS frozen, l.consumed AS consumed, l.refunded AS refunded,
    l.created_ms AS created_ms, substr(j.prompt, 1, ${PROMPT_CHARS}) AS prompt,
    (j.handle IS NOT NULL AND j.deleted_at IS NULL) AS in_history
  FROM (SELECT rowid AS id FROM ${source}
        WHERE created_ms >= @from AND created_ms < @to AND ${where}
        ORDER BY ${order} LIMIT ${LIST_LIMIT}) chosen
  JOIN ledger l ON l.rowid = chosen.id
  LEFT JOIN jobs j ON j.handle = l.handle
  ORDER BY ${order}`;
// Walked from the most expensive down until ten fall in the range: a range holding most
// jobs answers at once, instead of sorting them all (SQLite picks the sort unless told).
const TOP = listed(
  'ledger INDEXED BY ledger_cost',
  'consumed > 0',
  'consumed DESC, created_ms DESC',
);
const REFUNDS = listed('ledger', 'refunded > 0', 'created_ms DESC');

const PAGE = `SELECT ${LEDGER_COLUMNS} FROM ledger
  WHERE created_ms < @to AND (created_ms > @after_ms OR (created_ms = @after_ms AND handle > @after))
    AND created_ms >= @from
  ORDER BY created_ms, handle LIMIT @limit`;

/**
 * The ledger in the studio's SQLite file (written by the triggers of schema 9): sums per
 * local day and operation over covering indexes, the few jobs listed chosen from an index.
 */
export function sqliteSpending(db: Database.Database): SpendingReads {
  const all = (sql: string, values: Record<string, unknown>) =>
    Promise.resolve(prepared(db, sql).all(values));
  return spendingReads({
    cells: (days: readonly LocalDay[]) => {
      const rows = prepared(db, CELLS).all({
        days: JSON.stringify(days.map((d) => [d.startMs, d.endMs])),
        operations: OPERATIONS,
      });
      const buckets = z
        .array(cellSchema)
        .parse(rows)
        .flatMap(({ n, operation, agg }): Bucket[] => {
          const [jobs, consumed, refunded] = aggSchema.parse(JSON.parse(agg));
          return jobs > 0 ? [{ n, operation, jobs, consumed, refunded }] : [];
        });
      return Promise.resolve(buckets);
    },
    consumedSince: (from) =>
      Promise.resolve(
        z.object({ c: z.number() }).parse(prepared(db, CONSUMED_SINCE).get({ from })).c,
      ),
    top: (from, to) => all(TOP, { from, to }),
    refunds: (from, to) => all(REFUNDS, { from, to }),
    page: (cursor, from, to, limit) => all(PAGE, { ...cursor, from, to, limit }),
  });
}
