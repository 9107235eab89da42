import * as z from 'zod/mini';
import { handleSchema } from './studio-api';
import { taskTypeSchema } from './task';

/**
 * Where the credits went, from the studio's own ledger: one row per job with what its
 * create froze, what the service consumed and what it refunded (1 credit = 1 point =
 * 0.001 USD, so amounts of either unit add up). Days are the user's local days in the
 * IANA time zone the browser names.
 */

/** The ranges the account page offers, in days. */
export const SPENDING_RANGES = [7, 30, 90] as const;
export type SpendingRange = (typeof SPENDING_RANGES)[number];

export const TIME_ZONE_ERROR = { error: 'must be an IANA time zone such as Europe/Berlin or UTC' };

export const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const timeZoneSchema = z
  .string()
  .check(z.maxLength(64, { error: 'must be at most 64 characters' }))
  .check(z.refine(isTimeZone, TIME_ZONE_ERROR));

const rangeSchema = z.pipe(
  z.enum(['7', '30', '90'], { error: 'must be 7, 30 or 90 (days)' }),
  z.transform((v) => Number(v) as SpendingRange),
);

/** `GET /studio-api/account/spending?days=30&tz=Europe/Berlin`. */
export const spendingQuerySchema = z.object({
  days: z._default(rangeSchema, 30),
  tz: z._default(timeZoneSchema, 'UTC'),
});

/** `GET /studio-api/account/ledger.csv?tz=…[&days=…]`: every job when `days` is absent. */
export const ledgerQuerySchema = z.object({
  days: z.optional(rangeSchema),
  tz: z._default(timeZoneSchema, 'UTC'),
});

/** The header of the CSV export, in this order; job handles only, never upstream ids. */
export const LEDGER_CSV_COLUMNS = [
  'date',
  'job',
  'operation',
  'speed',
  'status',
  'frozen',
  'consumed',
  'refunded',
  'person',
] as const;

const amount = z.number();
const count = z.number().check(z.int()).check(z.minimum(0));

const spendingDaySchema = z.object({
  /** `2026-03-29` in the requested zone. */
  day: z.string(),
  consumed: amount,
  refunded: amount,
  jobs: count,
  /** Consumed credits by operation; operations with none that day are left out. */
  byOperation: z.partialRecord(taskTypeSchema, amount),
  /**
   * Consumed credits by maker (a person's id, `PERSON_UNKNOWN` for jobs whose maker the
   * studio does not know); people with none that day are left out.
   */
  byPerson: z.record(z.string(), amount),
});
export type SpendingDay = z.infer<typeof spendingDaySchema>;

const operationSpendingSchema = z.object({
  operation: taskTypeSchema,
  jobs: count,
  consumed: amount,
  refunded: amount,
});
export type OperationSpending = z.infer<typeof operationSpendingSchema>;

/** The key of `byPerson` and the `id` of `people` for jobs whose maker is not known. */
export const PERSON_UNKNOWN = 'unknown';

/** What one person's jobs cost over the range. */
const personSpendingSchema = z.object({
  /** Their id, or `PERSON_UNKNOWN`. */
  id: z.string(),
  name: z.string(),
  jobs: count,
  consumed: amount,
  refunded: amount,
});
export type PersonSpending = z.infer<typeof personSpendingSchema>;

/** One job of the ledger, for the most expensive jobs and the refunds. */
const ledgerJobSchema = z.object({
  id: handleSchema,
  operation: taskTypeSchema,
  speed: z.string(),
  status: z.string(),
  prompt: z.string(),
  frozen: amount,
  consumed: amount,
  refunded: amount,
  createdAt: z.string(),
  /** False when the job was deleted from the history: its cost stays in the ledger. */
  inHistory: z.boolean(),
});
export type LedgerJob = z.infer<typeof ledgerJobSchema>;

export const spendingSchema = z.object({
  timeZone: z.string(),
  days: z.number().check(z.int()),
  /** Start of the first day and end of the last (today), as instants. */
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, days without jobs included. */
  daily: z.array(spendingDaySchema),
  /** Per operation over the range, most consumed first. */
  operations: z.array(operationSpendingSchema),
  /** Per maker over the range, most consumed first: every job's credits under one person. */
  people: z.array(personSpendingSchema),
  totals: z.object({ jobs: count, consumed: amount, refunded: amount }),
  /** The jobs that consumed the most in the range (at most 10). */
  top: z.array(ledgerJobSchema),
  /** The latest refunded jobs in the range (at most 10). */
  refunds: z.array(ledgerJobSchema),
  /** Consumed in the last 7 × 24 hours, whatever the range: the burn rate. */
  last7Days: z.object({ consumed: amount, perDay: amount }),
});
export type Spending = z.infer<typeof spendingSchema>;
export const spendingEnvelopeSchema = z.object({ spending: spendingSchema });
