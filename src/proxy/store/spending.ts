import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  LEDGER_CSV_COLUMNS,
  type LedgerJob,
  type OperationSpending,
  type Spending,
  type SpendingDay,
} from '@/contract/spending';
import { TASK_TYPES, taskTypeSchema, type TaskType } from '@/contract/task';
import { localDays, localIso, type LocalDay } from '../model/local-days';
import { prepared } from '@/server/sqlite';

const DAY_MS = 24 * 60 * 60 * 1000;
const OPERATIONS = JSON.stringify(TASK_TYPES);
const LIST_LIMIT = 10;
const PROMPT_CHARS = 120;

/** One (day, operation) cell: `agg` is `[jobs, consumed, refunded]`, built in SQL. */
const cellSchema = z.object({ n: z.number().int(), operation: taskTypeSchema, agg: z.string() });
const aggSchema = z.tuple([z.number().int(), z.number(), z.number()]);

interface Bucket {
  n: number;
  operation: TaskType;
  jobs: number;
  consumed: number;
  refunded: number;
}

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

const ledgerRowSchema = z.object({
  handle: z.string(),
  operation: taskTypeSchema,
  speed: z.string(),
  status: z.string(),
  frozen: z.number(),
  consumed: z.number(),
  refunded: z.number(),
  created_ms: z.number().int(),
});
type LedgerRow = z.infer<typeof ledgerRowSchema>;

const listedRowSchema = ledgerRowSchema.extend({
  prompt: z.string().nullable(),
  in_history: z.number().int(),
});

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

function toLedgerJob(raw: unknown): LedgerJob {
  const r = listedRowSchema.parse(raw);
  return {
    id: r.handle,
    operation: r.operation,
    speed: r.speed,
    status: r.status,
    prompt: r.prompt ?? '',
    frozen: r.frozen,
    consumed: r.consumed,
    refunded: r.refunded,
    createdAt: new Date(r.created_ms).toISOString(),
    inHistory: r.in_history === 1,
  };
}

/** Per-day rows from the (day, operation) buckets the query grouped. */
function toDaily(days: readonly LocalDay[], buckets: Bucket[]): SpendingDay[] {
  const daily: SpendingDay[] = days.map((d) => ({
    day: d.day,
    consumed: 0,
    refunded: 0,
    jobs: 0,
    byOperation: {},
  }));
  for (const b of buckets) {
    const day = daily[b.n];
    if (!day) continue;
    day.consumed += b.consumed;
    day.refunded += b.refunded;
    day.jobs += b.jobs;
    if (b.consumed > 0) day.byOperation[b.operation] = b.consumed;
  }
  return daily;
}

function byOperation(buckets: Bucket[]): OperationSpending[] {
  const totals = new Map<TaskType, OperationSpending>();
  for (const b of buckets) {
    const t = totals.get(b.operation) ?? {
      operation: b.operation,
      jobs: 0,
      consumed: 0,
      refunded: 0,
    };
    t.jobs += b.jobs;
    t.consumed += b.consumed;
    t.refunded += b.refunded;
    totals.set(b.operation, t);
  }
  return [...totals.values()].sort((a, b) => b.consumed - a.consumed || b.jobs - a.jobs);
}

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const csvField = (v: string | number): string => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One CSV line in the order of LEDGER_CSV_COLUMNS. */
const csvLine = (r: LedgerRow, date: string): string =>
  [date, r.handle, r.operation, r.speed, r.status, r.frozen, r.consumed, r.refunded]
    .map(csvField)
    .join(',');

/**
 * Reads of the spending ledger (written by the triggers of schema 8): sums per local day
 * and operation in SQL over covering indexes, the few jobs listed chosen from an index.
 */
export class SpendingStore {
  constructor(private readonly db: Database.Database) {}

  summary(range: number, timeZone: string, nowMs = Date.now()): Spending {
    const days = localDays(timeZone, range, nowMs);
    const from = days[0]?.startMs ?? nowMs;
    const to = days.at(-1)?.endMs ?? nowMs;
    const buckets = this.cells(days);
    const daily = toDaily(days, buckets);
    const sum = (k: 'consumed' | 'refunded' | 'jobs') => daily.reduce((a, d) => a + d[k], 0);
    const last7 = this.consumedSince(nowMs - 7 * DAY_MS);
    return {
      timeZone,
      days: range,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      daily,
      operations: byOperation(buckets),
      totals: { jobs: sum('jobs'), consumed: sum('consumed'), refunded: sum('refunded') },
      top: this.listed(TOP, from, to),
      refunds: this.listed(REFUNDS, from, to),
      last7Days: { consumed: last7, perDay: last7 / 7 },
    };
  }

  private consumedSince(fromMs: number): number {
    const row = prepared(
      this.db,
      'SELECT COALESCE(SUM(consumed), 0) AS c FROM ledger WHERE created_ms >= ?',
    ).get(fromMs);
    return z.object({ c: z.number() }).parse(row).c;
  }

  private cells(days: readonly LocalDay[]): Bucket[] {
    const rows = prepared(this.db, CELLS).all({
      days: JSON.stringify(days.map((d) => [d.startMs, d.endMs])),
      operations: OPERATIONS,
    });
    return z
      .array(cellSchema)
      .parse(rows)
      .flatMap(({ n, operation, agg }) => {
        const [jobs, consumed, refunded] = aggSchema.parse(JSON.parse(agg));
        return jobs > 0 ? [{ n, operation, jobs, consumed, refunded }] : [];
      });
  }

  private listed(sql: string, from: number, to: number): LedgerJob[] {
    return prepared(this.db, sql).all({ from, to }).map(toLedgerJob);
  }

  /**
   * The ledger as CSV lines (header first), oldest first, in pages of `pageSize` rows: a
   * page is read whole, so no statement stays open while the caller writes it out.
   */
  *csv(timeZone: string, fromMs: number, toMs: number, pageSize = 2000): Generator<string> {
    yield `${LEDGER_CSV_COLUMNS.join(',')}\n`;
    const offsets = new Map<number, number>();
    const page = prepared(
      this.db,
      `SELECT handle, operation, speed, status, frozen, consumed, refunded, created_ms
       FROM ledger
       WHERE created_ms < @to AND (created_ms > @after_ms OR (created_ms = @after_ms AND handle > @after))
         AND created_ms >= @from
       ORDER BY created_ms, handle LIMIT @limit`,
    );
    let cursor = { after_ms: fromMs - 1, after: '' };
    for (;;) {
      const rows: LedgerRow[] = z
        .array(ledgerRowSchema)
        .parse(page.all({ ...cursor, from: fromMs, to: toMs, limit: pageSize }));
      if (rows.length === 0) return;
      yield rows.map((r) => `${csvLine(r, localIso(r.created_ms, timeZone, offsets))}\n`).join('');
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
      cursor = { after_ms: last.created_ms, after: last.handle };
    }
  }
}
