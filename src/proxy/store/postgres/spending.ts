import { z } from 'zod';
import { taskTypeSchema } from '@/contract/task';
import type { PgPool } from '@/server/postgres';
import {
  CONSUMED_SINCE,
  LEDGER_COLUMNS,
  LIST_LIMIT,
  PROMPT_CHARS,
  spendingReads,
  type LedgerQueries,
  type SpendingReads,
} from '../spending';
import { first, run } from './sql';

/** The ledger's sums are kept per quarter hour (Postgres version 5). */
const QUARTER_MS = 15 * 60 * 1000;

/**
 * The (day, operation) cells of the range in one pass: the local days are back to back, so
 * a row's day is the last start at or before it (`width_bucket`), from 0. (A join of each
 * day to its range read the rows through the heap, four times slower.) From the quarter
 * hours' sums when every day starts on a quarter hour, as every zone's midnight does
 * today; from the rows themselves otherwise.
 */
const cellsOf = (table: 'ledger' | 'ledger_quarters') => {
  const at = table === 'ledger' ? 'created_ms' : 'quarter';
  const count = table === 'ledger' ? 'COUNT(*)' : 'SUM(jobs)';
  return `SELECT CAST(width_bucket(${at}, CAST(@starts AS bigint[])) - 1 AS integer) AS n,
      operation, CAST(${count} AS integer) AS jobs,
      CAST(SUM(consumed) AS double precision) AS consumed,
      CAST(SUM(refunded) AS double precision) AS refunded
    FROM ${table} WHERE ${at} >= @from AND ${at} < @to
    GROUP BY 1, 2`;
};
/** Over the rows, the bounds in ms. */
const CELLS = cellsOf('ledger');
/** Over the quarter hours' sums, the bounds in quarter hours. */
const QUARTER_CELLS = cellsOf('ledger_quarters');

const cellSchema = z.object({
  n: z.number().int(),
  operation: taskTypeSchema,
  jobs: z.number().int(),
  consumed: z.number(),
  refunded: z.number(),
});

/** A few jobs of the range in a given order, joined to the history for their prompt. */
const listed = (where: string, order: string) => `
  SELECT l.handle, l.operation, l.speed, l.status, l.frozen, l.consumed, l.refunded,
    l.created_ms, substr(j.prompt, 1, ${PROMPT_CHARS}) AS prompt,
    CAST(j.handle IS NOT NULL AND j.deleted_at IS NULL AS integer) AS in_history
  FROM ledger l LEFT JOIN jobs j ON j.handle = l.handle
  WHERE l.created_ms >= @from AND l.created_ms < @to AND ${where}
  ORDER BY ${order} LIMIT ${LIST_LIMIT}`;
const TOP = listed('l.consumed > 0', 'l.consumed DESC, l.created_ms DESC');
const REFUNDS = listed('l.refunded > 0', 'l.created_ms DESC');

// Handles compare byte by byte, as in SQLite, whatever the database's collation.
const PAGE = `SELECT ${LEDGER_COLUMNS} FROM ledger
  WHERE created_ms < @to AND created_ms >= @from
    AND (created_ms > @after_ms OR (created_ms = @after_ms AND handle COLLATE "C" > @after))
  ORDER BY created_ms, handle COLLATE "C" LIMIT @limit`;

/** The reads of the deployment's ledger (kept by the triggers of versions 4 and 5). */
export function pgLedgerQueries(pool: PgPool): LedgerQueries {
  const rows = async (sql: string, values: Record<string, unknown>) =>
    (await run(pool, sql, values)).rows;
  return {
    cells: async (days) => {
      const bounds = [...days.map((d) => d.startMs), days.at(-1)?.endMs ?? 0];
      const onQuarters = bounds.every((ms) => ms % QUARTER_MS === 0);
      const at = onQuarters ? bounds.map((ms) => ms / QUARTER_MS) : bounds;
      const found = await rows(onQuarters ? QUARTER_CELLS : CELLS, {
        starts: at.slice(0, -1),
        from: at[0] ?? 0,
        to: at.at(-1) ?? 0,
      });
      return z.array(cellSchema).parse(found);
    },
    consumedSince: async (from) =>
      z.object({ c: z.number() }).parse(await first(pool, CONSUMED_SINCE, { from })).c,
    top: (from, to) => rows(TOP, { from, to }),
    refunds: (from, to) => rows(REFUNDS, { from, to }),
    page: (cursor, from, to, limit) => rows(PAGE, { ...cursor, from, to, limit }),
  };
}

/** The deployment's spending figures and ledger CSV, from its ledger in Postgres. */
export const pgSpending = (pool: PgPool): SpendingReads => spendingReads(pgLedgerQueries(pool));
