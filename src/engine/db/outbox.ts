import { backoffMs } from '@/server/backoff';
import type { Db } from './open';

/**
 * The callback outbox: one row per delivery owed. A row is written in the same
 * transaction as the move that makes the task final, so a crash can never lose a
 * callback; the dispatcher delivers at least once and records every attempt.
 */
export interface OutboxRow {
  id: number;
  jobId: string;
  url: string;
  attempts: number;
  nextAt: number;
}

/** At least 6 attempts are promised; 8 reach about 4 minutes of backoff in total. */
export const MAX_CALLBACK_ATTEMPTS = 8;
const FIRST_RETRY_MS = 2000;

/** The wait after failed attempt n (1-based): 2 s, 4 s, 8 s, ... */
export const callbackRetryMs = (attempt: number): number =>
  backoffMs(attempt, { firstMs: FIRST_RETRY_MS });

export function enqueueCallback(db: Db, jobId: string, url: string, nowMs: number): void {
  db.prepare('INSERT INTO outbox (job_id, url, next_at) VALUES (?, ?, ?)').run(jobId, url, nowMs);
}

export function dueDeliveries(db: Db, nowMs: number, limit: number): OutboxRow[] {
  const rows = db
    .prepare(
      `SELECT id, job_id, url, attempts, next_at FROM outbox
       WHERE done_at IS NULL AND next_at <= ? ORDER BY next_at, id LIMIT ?`,
    )
    .all(nowMs, limit) as {
    id: number;
    job_id: string;
    url: string;
    attempts: number;
    next_at: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    jobId: r.job_id,
    url: r.url,
    attempts: r.attempts,
    nextAt: r.next_at,
  }));
}

export function nextDeliveryAt(db: Db): number | null {
  const row = db.prepare('SELECT MIN(next_at) AS at FROM outbox WHERE done_at IS NULL').get() as {
    at: number | null;
  };
  return row.at;
}

export function markDelivered(db: Db, id: number, attempts: number, now: string): void {
  db.prepare(`UPDATE outbox SET attempts = ?, done_at = ?, outcome = 'delivered' WHERE id = ?`).run(
    attempts,
    now,
    id,
  );
}

/** Records a failed attempt: schedules the next one, or gives up after the last. */
export function markFailed(db: Db, id: number, attempts: number, nowMs: number, now: string): void {
  if (attempts >= MAX_CALLBACK_ATTEMPTS) {
    db.prepare(
      `UPDATE outbox SET attempts = ?, done_at = ?, outcome = 'abandoned' WHERE id = ?`,
    ).run(attempts, now, id);
    return;
  }
  db.prepare('UPDATE outbox SET attempts = ?, next_at = ? WHERE id = ?').run(
    attempts,
    nowMs + callbackRetryMs(attempts),
    id,
  );
}
