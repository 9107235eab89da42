import type { TaskError, TaskStatus } from '@/contract/task';
import { NO_ERROR } from '@/contract/task';
import { countError } from '../accounts/limits';
import { consume, freeze, refund, type Amount } from '../accounts/ledger';
import { enqueueCallback } from '../db/outbox';
import type { StoredOutput } from '../db/stored-output';
import type { Db } from '../db/open';
import type { NewTask, TaskRow } from '../db/task-store';
import { TaskStore } from '../db/task-store';

/**
 * The one place that moves tasks between states. Each move is a named function that
 * checks the table below (its guard), changes the row, writes the quota ledger and the
 * callback outbox, and appends a log line, all in one transaction.
 */
const MOVES = {
  admit: { from: [], to: ['pending', 'staged'] },
  promote: { from: ['staged'], to: ['pending'] },
  start: { from: ['pending'], to: ['processing'] },
  fault: { from: ['processing'], to: ['retry'] },
  /** An attempt cut short by a stop or crash of the engine: run it again, uncounted. */
  interrupt: { from: ['processing'], to: ['retry'] },
  resume: { from: ['retry'], to: ['processing'] },
  complete: { from: ['processing'], to: ['completed'] },
  fail: { from: ['staged', 'pending', 'processing', 'retry'], to: ['failed'] },
} as const satisfies Record<string, { from: readonly TaskStatus[]; to: readonly TaskStatus[] }>;
export type MoveName = keyof typeof MOVES;

export class IllegalMoveError extends Error {
  constructor(move: MoveName, jobId: string, status: TaskStatus | 'missing') {
    super(`cannot ${move} task ${jobId}: it is ${status}`);
  }
}

export interface MachineDeps {
  db: Db;
  now: () => Date;
}

/** `2026-11-22T02:00:00.000Z status pending -> processing` */
export const logLine = (at: Date, text: string): string => `${at.toISOString()} ${text}`;

const frozenOf = (t: TaskRow): Amount => ({ credits: t.frozenCredits, points: t.frozenPoints });

/** Runs one guarded move: `apply` does the move-specific writes inside the transaction. */
function move(
  deps: MachineDeps,
  name: MoveName,
  jobId: string,
  apply: (task: TaskRow, at: Date) => void,
): TaskRow {
  const store = new TaskStore(deps.db);
  return deps.db.transaction(() => {
    const task = store.get(jobId);
    const from: readonly TaskStatus[] = MOVES[name].from;
    if (!task || !from.includes(task.status)) {
      throw new IllegalMoveError(name, jobId, task?.status ?? 'missing');
    }
    const at = deps.now();
    const to = MOVES[name].to[0];
    deps.db.prepare('UPDATE tasks SET status = ? WHERE job_id = ?').run(to, jobId);
    apply(task, at);
    store.appendLog(jobId, logLine(at, `status ${task.status} -> ${to}`));
    return store.require(jobId);
  })();
}

/** Inserts a new task as pending or staged and freezes its cost. */
export function admit(deps: MachineDeps, task: NewTask): TaskRow {
  const store = new TaskStore(deps.db);
  return deps.db.transaction(() => {
    const at = deps.now();
    store.insert(task);
    const cost = { credits: task.frozenCredits, points: task.frozenPoints };
    freeze(deps.db, task.accountId, task.jobId, cost, at.toISOString());
    store.appendLog(task.jobId, logLine(at, `status created -> ${task.status}`));
    return store.require(task.jobId);
  })();
}

export const promote = (deps: MachineDeps, jobId: string): TaskRow =>
  move(deps, 'promote', jobId, () => undefined);

export const start = (deps: MachineDeps, jobId: string): TaskRow =>
  move(deps, 'start', jobId, (_task, at) => {
    deps.db
      .prepare(
        `UPDATE tasks SET attempts = attempts + 1, started_at = COALESCE(started_at, ?)
         WHERE job_id = ?`,
      )
      .run(at.toISOString(), jobId);
  });

export const resume = (deps: MachineDeps, jobId: string): TaskRow =>
  move(deps, 'resume', jobId, () => {
    deps.db.prepare('UPDATE tasks SET attempts = attempts + 1 WHERE job_id = ?').run(jobId);
  });

/** A transient failure of the attempt: wait `delayMs` in retry, then run again. */
export const fault = (deps: MachineDeps, jobId: string, reason: string, delayMs: number) =>
  move(deps, 'fault', jobId, (task, at) => {
    deps.db
      .prepare('UPDATE tasks SET run_after = ? WHERE job_id = ?')
      .run(at.getTime() + delayMs, jobId);
    const line = `attempt ${task.attempts} failed: ${reason}; retrying in ${delayMs} ms`;
    new TaskStore(deps.db).appendLog(jobId, logLine(at, line));
  });

export const interrupt = (deps: MachineDeps, jobId: string, reason: string): TaskRow =>
  move(deps, 'interrupt', jobId, (task, at) => {
    deps.db
      .prepare('UPDATE tasks SET run_after = 0, attempts = MAX(attempts - 1, 0) WHERE job_id = ?')
      .run(jobId);
    const line = `attempt ${task.attempts} interrupted (${reason}); it will run again`;
    new TaskStore(deps.db).appendLog(jobId, logLine(at, line));
  });

/** Stores the output and consumes the frozen cost. */
export const complete = (deps: MachineDeps, jobId: string, output: StoredOutput): TaskRow =>
  move(deps, 'complete', jobId, (task, at) => {
    const iso = at.toISOString();
    const spent = frozenOf(task);
    deps.db
      .prepare(
        `UPDATE tasks SET output = ?, ended_at = ?, consumed_credits = ?, consumed_points = ?
         WHERE job_id = ?`,
      )
      .run(JSON.stringify(output), iso, spent.credits, spent.points, jobId);
    consume(deps.db, task.accountId, jobId, spent, iso);
    if (task.callback) enqueueCallback(deps.db, jobId, task.callback, at.getTime());
  });

/** Records the error, refunds the frozen cost and counts a daily error. */
export const fail = (deps: MachineDeps, jobId: string, error: Partial<TaskError>): TaskRow =>
  move(deps, 'fail', jobId, (task, at) => {
    const iso = at.toISOString();
    const full: TaskError = { ...NO_ERROR, code: 500, ...error };
    deps.db
      .prepare('UPDATE tasks SET error = ?, ended_at = ? WHERE job_id = ?')
      .run(JSON.stringify(full), iso, jobId);
    refund(deps.db, task.accountId, jobId, frozenOf(task), iso);
    countError(deps.db, task.accountId, iso);
    if (task.callback) enqueueCallback(deps.db, jobId, task.callback, at.getTime());
  });
