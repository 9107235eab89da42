import { z } from 'zod';
import { taskTypeSchema } from '@/contract/task';
import type { PgPool } from '@/server/postgres';
import {
  CONSUMED_SINCE,
  LEDGER_COLUMNS,
  LIST_LIMIT,
  PROMPT_CHARS,
  spendingReads,
  type SpendingReads,
} from '../spending';
import { first, run } from './sql';

/**
 * The (day, operation) cells of the range in one pass over its rows: the local days are
 * back to back, so a row's day is the last start at or before it (`width_bucket`), from
 * 0. (A join of each day to its range read the rows through the heap, four times slower.)
 */
const CELLS = `SELECT CAST(width_bucket(created_ms, CAST(@starts AS bigint[])) - 1 AS integer) AS n,
    operation, CAST(COUNT(*) AS integer) AS jobs, SUM(consumed) AS consumed,
    SUM(refunded) AS refunded
  FROM ledger WHERE created_ms >= @from AND created_ms < @to
  GROUP BY 1, 2`;

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

/** The deployment's ledger in Postgres (kept by the triggers of its version 4). */
export function pgSpending(pool: PgPool): SpendingReads {
  const rows = async (sql: string, values: Record<string, unknown>) =>
    (await run(pool, sql, values)).rows;
  return spendingReads({
    cells: async (days) => {
      const found = await rows(CELLS, {
        starts: days.map((d) => d.startMs),
        from: days[0]?.startMs ?? 0,
        to: days.at(-1)?.endMs ?? 0,
      });
      return z.array(cellSchema).parse(found);
    },
    consumedSince: async (from) =>
      z.object({ c: z.number() }).parse(await first(pool, CONSUMED_SINCE, { from })).c,
    top: (from, to) => rows(TOP, { from, to }),
    refunds: (from, to) => rows(REFUNDS, { from, to }),
    page: (cursor, from, to, limit) => rows(PAGE, { ...cursor, from, to, limit }),
  });
}
