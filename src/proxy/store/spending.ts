import { z } from 'zod';
import {
  LEDGER_CSV_COLUMNS,
  type LedgerJob,
  type OperationSpending,
  type Spending,
  type SpendingDay,
} from '@/contract/spending';
import { taskTypeSchema, type TaskType } from '@/contract/task';
import { sql } from 'kysely';
import { localDays, localIso, type LocalDay } from '../model/local-days';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';
import { addPeople, byPerson, readPersonCells, totalsBy, type PersonCell } from './spending-people';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many jobs the top and refund lists hold, and how much of each prompt they show. */
const LIST_LIMIT = 10;
const PROMPT_CHARS = 120;

/** The jobs, consumed and refunded credits of one operation on one day (`n`, from 0). */
interface Bucket {
  n: number;
  operation: TaskType;
  jobs: number;
  consumed: number;
  refunded: number;
}

/** A page position in the CSV: after the row created at `after_ms` with handle `after`. */
interface CsvCursor {
  after_ms: number;
  after: string;
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

/** A CSV row: a ledger row and its maker's name (null when unknown). */
const csvRowSchema = ledgerRowSchema.extend({ person: z.string().nullable() });
type CsvRow = z.infer<typeof csvRowSchema>;

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
    byPerson: {},
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

const byOperation = (buckets: Bucket[]): OperationSpending[] =>
  totalsBy(
    buckets,
    (b) => b.operation,
    (b) => ({ operation: b.operation, jobs: 0, consumed: 0, refunded: 0 }),
  );

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const csvField = (v: string | number): string => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One CSV line in the order of LEDGER_CSV_COLUMNS. */
const csvLine = (r: CsvRow, date: string): string =>
  [date, r.handle, r.operation, r.speed, r.status, r.frozen, r.consumed, r.refunded, r.person ?? '']
    .map(csvField)
    .join(',');

/** The ledger's sums are kept per quarter hour (`ledger_quarters`). */
const QUARTER_MS = 15 * 60 * 1000;

const cellSchema = z.object({
  n: z.number().int(),
  operation: taskTypeSchema,
  jobs: z.number().int(),
  consumed: z.number(),
  refunded: z.number(),
});

/**
 * The (day, operation) cells of the days `bounds` delimits (each day from one bound to
 * the next), from the table's rows at `at`, in one grouped pass: one range of its index
 * per day.
 */
function groupedCells(
  db: Db,
  table: 'ledger' | 'ledger_quarters',
  bounds: readonly number[],
): Promise<{ rows: unknown[] }> {
  const days = bounds
    .slice(0, -1)
    .map(
      (start, n) =>
        sql`(CAST(${n} AS integer), CAST(${start} AS bigint), CAST(${bounds[n + 1]} AS bigint))`,
    );
  const at = sql.raw(table === 'ledger' ? 't.created_ms' : 't.quarter');
  const jobs = sql.raw(table === 'ledger' ? 'COUNT(*)' : 'SUM(t.jobs)');
  return sql`WITH days(n, start_at, end_at) AS (VALUES ${sql.join(days)})
    SELECT days.n AS n, t.operation AS operation, CAST(${jobs} AS integer) AS jobs,
      CAST(SUM(t.consumed) AS double precision) AS consumed,
      CAST(SUM(t.refunded) AS double precision) AS refunded
    FROM days JOIN ${sql.table(table)} t ON ${at} >= days.start_at AND ${at} < days.end_at
    GROUP BY days.n, t.operation`.execute(db);
}

/** The reads the spending page and the CSV make of the ledger. */
interface LedgerQueries {
  /** The non-empty (day, operation) cells of the days given. */
  cells(days: readonly LocalDay[]): Promise<Bucket[]>;
  /** The non-empty (day, maker) cells of the days given, with each maker's name. */
  personCells(days: readonly LocalDay[]): Promise<PersonCell[]>;
  consumedSince(fromMs: number): Promise<number>;
  /** Up to LIST_LIMIT rows with `prompt` and `in_history` (0/1), most consumed first. */
  top(fromMs: number, toMs: number): Promise<unknown[]>;
  /** Up to LIST_LIMIT refunded rows, newest first. */
  refunds(fromMs: number, toMs: number): Promise<unknown[]>;
  /** The next `limit` rows of the range after `cursor`, by (created_ms, handle), named. */
  page(cursor: CsvCursor, fromMs: number, toMs: number, limit: number): Promise<unknown[]>;
}

const LEDGER_COLUMNS = [
  'l.handle',
  'l.operation',
  'l.speed',
  'l.status',
  'l.frozen',
  'l.consumed',
  'l.refunded',
  'l.created_ms',
] as const;

export function ledgerQueries(db: Db, d: StoreDialect): LedgerQueries {
  /** A few jobs of the range in a given order, joined to the history for their prompt. */
  const listed = (fromMs: number, toMs: number) =>
    db
      .selectFrom('ledger as l')
      .leftJoin('jobs as j', 'j.handle', 'l.handle')
      .select(LEDGER_COLUMNS)
      .select([
        sql<string | null>`substr(j.prompt, 1, ${sql.lit(PROMPT_CHARS)})`.as('prompt'),
        sql<number>`CASE WHEN j.handle IS NOT NULL AND j.deleted_at IS NULL THEN 1 ELSE 0 END`.as(
          'in_history',
        ),
      ])
      .where('l.created_ms', '>=', fromMs)
      .where('l.created_ms', '<', toMs)
      .limit(LIST_LIMIT);
  return {
    // From the quarter hours' sums when every day starts on a quarter hour, as every
    // zone's midnight does today (as each database adds them up fastest); from the rows
    // themselves otherwise.
    async cells(days) {
      const bounds = [...days.map((d) => d.startMs), days.at(-1)?.endMs ?? 0];
      if (bounds.length < 2) return [];
      const onQuarters = bounds.every((ms) => ms % QUARTER_MS === 0);
      const { rows } = onQuarters
        ? await d.ledger.sums(
            db,
            bounds.map((ms) => ms / QUARTER_MS),
          )
        : await groupedCells(db, 'ledger', bounds);
      return z.array(cellSchema).parse(rows);
    },
    personCells: (days) => readPersonCells(db, days),
    async consumedSince(fromMs) {
      const row = await db
        .selectFrom('ledger')
        .select(sql<number>`CAST(COALESCE(SUM(consumed), 0) AS double precision)`.as('c'))
        .where('created_ms', '>=', fromMs)
        .executeTakeFirstOrThrow();
      return Number(row.c);
    },
    top: (fromMs, toMs) =>
      listed(fromMs, toMs)
        .where('l.consumed', '>', 0)
        .orderBy('l.consumed', 'desc')
        .orderBy('l.created_ms', 'desc')
        .execute(),
    refunds: (fromMs, toMs) =>
      listed(fromMs, toMs).where('l.refunded', '>', 0).orderBy('l.created_ms', 'desc').execute(),
    page: (cursor, fromMs, toMs, limit) =>
      db
        .selectFrom('ledger as l')
        .leftJoin('people as p', 'p.id', 'l.created_by')
        .select(LEDGER_COLUMNS)
        .select('p.name as person')
        .where('l.created_ms', '<', toMs)
        .where('l.created_ms', '>=', fromMs)
        .where((eb) =>
          eb.or([
            eb('l.created_ms', '>', cursor.after_ms),
            eb.and([eb('l.created_ms', '=', cursor.after_ms), eb('l.handle', '>', cursor.after)]),
          ]),
        )
        .orderBy('l.created_ms')
        .orderBy('l.handle')
        .limit(limit)
        .execute(),
  };
}

async function summary(
  q: LedgerQueries,
  range: number,
  timeZone: string,
  nowMs: number,
): Promise<Spending> {
  const days = localDays(timeZone, range, nowMs);
  const from = days[0]?.startMs ?? nowMs;
  const to = days.at(-1)?.endMs ?? nowMs;
  const [buckets, personCells, last7, top, refunds] = await Promise.all([
    q.cells(days),
    q.personCells(days),
    q.consumedSince(nowMs - 7 * DAY_MS),
    q.top(from, to),
    q.refunds(from, to),
  ]);
  const daily = toDaily(days, buckets);
  addPeople(daily, personCells);
  const sum = (k: 'consumed' | 'refunded' | 'jobs') => daily.reduce((a, d) => a + d[k], 0);
  return {
    timeZone,
    days: range,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    daily,
    operations: byOperation(buckets),
    people: byPerson(personCells),
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
    const rows = z.array(csvRowSchema).parse(await q.page(cursor, fromMs, toMs, pageSize));
    if (rows.length === 0) return;
    yield rows.map((r) => `${csvLine(r, localIso(r.created_ms, timeZone, offsets))}\n`).join('');
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    cursor = { after_ms: last.created_ms, after: last.handle };
  }
}

/**
 * The spending page's figures and the ledger CSV, from the ledger the triggers keep
 * (`sqlite/ledger.ts`, `postgres/ledger.ts`), the same queries on both databases.
 */
export function spendingReads(db: Db, d: StoreDialect): SpendingReads {
  const q = ledgerQueries(db, d);
  return {
    summary: (range, timeZone, nowMs = Date.now()) => summary(q, range, timeZone, nowMs),
    csv: (timeZone, fromMs, toMs, pageSize = 2000) => csv(q, timeZone, fromMs, toMs, pageSize),
  };
}
