import { z } from 'zod';
import {
  LEDGER_CSV_COLUMNS,
  type LedgerJob,
  type OperationSpending,
  type Spending,
  type SpendingDay,
} from '@/contract/spending';
import { taskTypeSchema, type TaskType } from '@/contract/task';
import { localDays, localIso, type LocalDay } from '../model/local-days';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many jobs the top and refund lists hold, and how much of each prompt they show. */
export const LIST_LIMIT = 10;
export const PROMPT_CHARS = 120;

/** The jobs, consumed and refunded credits of one operation on one day (`n`, from 0). */
export interface Bucket {
  n: number;
  operation: TaskType;
  jobs: number;
  consumed: number;
  refunded: number;
}

/** The columns of a ledger row the lists and the CSV read (same names in both databases). */
export const LEDGER_COLUMNS =
  'handle, operation, speed, status, frozen, consumed, refunded, created_ms';

/** Everything this week cost (one text for both databases). */
export const CONSUMED_SINCE =
  'SELECT COALESCE(SUM(consumed), 0) AS c FROM ledger WHERE created_ms >= @from';

/** A page position in the CSV: after the row created at `after_ms` with handle `after`. */
interface CsvCursor {
  after_ms: number;
  after: string;
}

/**
 * The reads one database answers for the ledger (the triggers of SQLite's schema 9 or
 * Postgres's version 4 keep it); the sums and shapes around them are `spendingReads`'s.
 */
export interface LedgerQueries {
  /** The non-empty (day, operation) cells of the days given. */
  cells(days: readonly LocalDay[]): Promise<Bucket[]>;
  consumedSince(fromMs: number): Promise<number>;
  /** Up to LIST_LIMIT rows with `prompt` and `in_history` (0/1), most consumed first. */
  top(fromMs: number, toMs: number): Promise<unknown[]>;
  /** Up to LIST_LIMIT refunded rows, newest first. */
  refunds(fromMs: number, toMs: number): Promise<unknown[]>;
  /** The next `limit` rows of the range after `cursor`, by (created_ms, handle). */
  page(cursor: CsvCursor, fromMs: number, toMs: number, limit: number): Promise<unknown[]>;
}

/** Where the credits went and the ledger CSV, whichever database holds the ledger. */
export interface SpendingReads {
  summary(range: number, timeZone: string, nowMs?: number): Promise<Spending>;
  /** The CSV lines (header first), oldest first, one page of `pageSize` rows at a time. */
  csv(timeZone: string, fromMs: number, toMs: number, pageSize?: number): AsyncGenerator<string>;
}

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

async function summary(
  q: LedgerQueries,
  range: number,
  timeZone: string,
  nowMs: number,
): Promise<Spending> {
  const days = localDays(timeZone, range, nowMs);
  const from = days[0]?.startMs ?? nowMs;
  const to = days.at(-1)?.endMs ?? nowMs;
  const [buckets, last7, top, refunds] = await Promise.all([
    q.cells(days),
    q.consumedSince(nowMs - 7 * DAY_MS),
    q.top(from, to),
    q.refunds(from, to),
  ]);
  const daily = toDaily(days, buckets);
  const sum = (k: 'consumed' | 'refunded' | 'jobs') => daily.reduce((a, d) => a + d[k], 0);
  return {
    timeZone,
    days: range,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    daily,
    operations: byOperation(buckets),
    totals: { jobs: sum('jobs'), consumed: sum('consumed'), refunded: sum('refunded') },
    top: top.map(toLedgerJob),
    refunds: refunds.map(toLedgerJob),
    last7Days: { consumed: last7, perDay: last7 / 7 },
  };
}

/**
 * Pages read whole, so that no statement stays open while the caller writes one out;
 * each page is read when the caller asks for the next lines.
 */
async function* csv(
  q: LedgerQueries,
  timeZone: string,
  fromMs: number,
  toMs: number,
  pageSize: number,
): AsyncGenerator<string> {
  yield `${LEDGER_CSV_COLUMNS.join(',')}\n`;
  const offsets = new Map<number, number>();
  let cursor: CsvCursor = { after_ms: fromMs - 1, after: '' };
  for (;;) {
    const rows = z.array(ledgerRowSchema).parse(await q.page(cursor, fromMs, toMs, pageSize));
    if (rows.length === 0) return;
    yield rows.map((r) => `${csvLine(r, localIso(r.created_ms, timeZone, offsets))}\n`).join('');
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    cursor = { after_ms: last.created_ms, after: last.handle };
  }
}

/** The spending page's figures and the CSV over one database's ledger queries. */
export function spendingReads(q: LedgerQueries): SpendingReads {
  return {
    summary: (range, timeZone, nowMs = Date.now()) => summary(q, range, timeZone, nowMs),
    csv: (timeZone, fromMs, toMs, pageSize = 2000) => csv(q, timeZone, fromMs, toMs, pageSize),
  };
}
