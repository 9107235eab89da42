import type { Db } from '../db/open';
import type { StatusCounts } from '../db/task-store';
import type { AccountRow } from './accounts-store';

/** The UTC day an ISO instant falls on: daily error counts reset at 00:00 UTC. */
const utcDay = (iso: string): string => iso.slice(0, 10);

export function errorsToday(db: Db, accountId: number, now: string): number {
  const row = db
    .prepare('SELECT count FROM daily_errors WHERE account_id = ? AND day = ?')
    .get(accountId, utcDay(now)) as { count: number } | undefined;
  return row?.count ?? 0;
}

/** Rejected bodies, rejected parents and failed tasks all count against the daily limit. */
export function countError(db: Db, accountId: number, now: string): void {
  db.prepare(
    `INSERT INTO daily_errors (account_id, day, count) VALUES (?, ?, 1)
     ON CONFLICT (account_id, day) DO UPDATE SET count = count + 1`,
  ).run(accountId, utcDay(now));
}

/** Tasks that hold one of the account's concurrency slots. */
export const activeCount = (c: StatusCounts): number => c.pending + c.processing + c.retry;

/**
 * Where a new task goes: `pending` below the concurrency limit, `staged` while the
 * staged queue has room, otherwise nowhere (the create answers 429). While tasks are
 * staged a newcomer queues behind them even if a slot just freed, so staged tasks start
 * in creation order.
 */
export function admissionFor(
  account: AccountRow,
  counts: StatusCounts,
): 'pending' | 'staged' | null {
  if (activeCount(counts) < account.concurrency && counts.staged === 0) return 'pending';
  if (counts.staged < account.stagedLimit) return 'staged';
  return null;
}
