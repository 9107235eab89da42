import type { TaskError, TaskStatus, TaskType } from '@/contract/task';
import type { Db } from './open';
import type { StoredOutput } from './stored-output';

export interface TaskRow {
  seq: number;
  jobId: string;
  accountId: number;
  taskType: TaskType;
  status: TaskStatus;
  input: Record<string, unknown>;
  /** The prompt the task works from: its own, or inherited from its parent. */
  prompt: string;
  output: StoredOutput | null;
  parentJobId: string | null;
  imageNo: number | null;
  logs: string[];
  error: TaskError | null;
  frozenCredits: number;
  frozenPoints: number;
  consumedCredits: number;
  consumedPoints: number;
  attempts: number;
  /** Epoch ms before which a task in `retry` is not resumed. */
  runAfter: number;
  callback: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
}

interface RawTask {
  seq: number;
  job_id: string;
  account_id: number;
  task_type: string;
  status: string;
  input: string;
  prompt: string;
  output: string | null;
  parent_job_id: string | null;
  image_no: number | null;
  logs: string;
  error: string | null;
  frozen_credits: number;
  frozen_points: number;
  consumed_credits: number;
  consumed_points: number;
  attempts: number;
  run_after: number;
  callback: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
}

const parseJson = <T>(text: string | null): T | null =>
  text === null ? null : (JSON.parse(text) as T);

function toRow(raw: RawTask): TaskRow {
  return {
    seq: raw.seq,
    jobId: raw.job_id,
    accountId: raw.account_id,
    // Only the state machine and the create path write these columns, from typed values.
    taskType: raw.task_type as TaskType,
    status: raw.status as TaskStatus,
    input: parseJson<Record<string, unknown>>(raw.input) ?? {},
    prompt: raw.prompt,
    output: parseJson<StoredOutput>(raw.output),
    parentJobId: raw.parent_job_id,
    imageNo: raw.image_no,
    logs: parseJson<string[]>(raw.logs) ?? [],
    error: parseJson<TaskError>(raw.error),
    frozenCredits: raw.frozen_credits,
    frozenPoints: raw.frozen_points,
    consumedCredits: raw.consumed_credits,
    consumedPoints: raw.consumed_points,
    attempts: raw.attempts,
    runAfter: raw.run_after,
    callback: raw.callback,
    createdAt: raw.created_at,
    startedAt: raw.started_at,
    endedAt: raw.ended_at,
  };
}

export interface NewTask {
  jobId: string;
  accountId: number;
  taskType: TaskType;
  status: 'pending' | 'staged';
  input: Record<string, unknown>;
  prompt: string;
  parentJobId: string | null;
  imageNo: number | null;
  frozenCredits: number;
  frozenPoints: number;
  callback: string | null;
  createdAt: string;
}

export type StatusCounts = Record<TaskStatus, number>;

/** Row access for tasks. Moves between states go through state-machine.ts, not here. */
export class TaskStore {
  constructor(readonly db: Db) {}

  get(jobId: string): TaskRow | null {
    const raw = this.db.prepare('SELECT * FROM tasks WHERE job_id = ?').get(jobId) as
      RawTask | undefined;
    return raw ? toRow(raw) : null;
  }

  /** Like get, but throws: for code that holds an id it knows exists. */
  require(jobId: string): TaskRow {
    const row = this.get(jobId);
    if (!row) throw new Error(`task ${jobId} does not exist`);
    return row;
  }

  insert(t: NewTask): void {
    this.db
      .prepare(
        `INSERT INTO tasks (job_id, account_id, task_type, status, input, prompt, parent_job_id,
           image_no, frozen_credits, frozen_points, callback, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        t.jobId,
        t.accountId,
        t.taskType,
        t.status,
        JSON.stringify(t.input),
        t.prompt,
        t.parentJobId,
        t.imageNo,
        t.frozenCredits,
        t.frozenPoints,
        t.callback,
        t.createdAt,
      );
  }

  /** Appends without reading the row: `json_insert` with `$[#]` adds at the end. */
  appendLog(jobId: string, line: string): void {
    this.db
      .prepare(`UPDATE tasks SET logs = json_insert(logs, '$[#]', ?) WHERE job_id = ?`)
      .run(line, jobId);
  }

  /** A progress line only while the attempt that writes it is still the live one. */
  appendProgress(jobId: string, line: string): void {
    this.db
      .prepare(
        `UPDATE tasks SET logs = json_insert(logs, '$[#]', ?) WHERE job_id = ? AND status = 'processing'`,
      )
      .run(line, jobId);
  }

  countByStatus(accountId: number): StatusCounts {
    const counts: StatusCounts = {
      pending: 0,
      staged: 0,
      processing: 0,
      retry: 0,
      completed: 0,
      failed: 0,
    };
    const rows = this.db
      .prepare(
        `SELECT status, COUNT(*) AS n FROM tasks
         WHERE account_id = ? AND status IN ('pending', 'staged', 'processing', 'retry')
         GROUP BY status`,
      )
      .all(accountId) as { status: TaskStatus; n: number }[];
    for (const r of rows) counts[r.status] = r.n;
    return counts;
  }

  /** Staged, pending, processing and retry tasks of an account, oldest first. */
  listUnfinished(accountId: number): TaskRow[] {
    const raws = this.db
      .prepare(
        `SELECT * FROM tasks WHERE account_id = ?
         AND status IN ('pending', 'staged', 'processing', 'retry') ORDER BY seq`,
      )
      .all(accountId) as RawTask[];
    return raws.map(toRow);
  }

  /** Job ids in one status, in creation order. */
  idsWithStatus(status: TaskStatus, limit = 1000): string[] {
    const rows = this.db
      .prepare('SELECT job_id FROM tasks WHERE status = ? ORDER BY seq LIMIT ?')
      .all(status, limit) as { job_id: string }[];
    return rows.map((r) => r.job_id);
  }

  /** The oldest staged task of every account that has a free concurrency slot. */
  promotable(): string[] {
    const rows = this.db
      .prepare(
        `SELECT t.job_id FROM tasks t JOIN accounts a ON a.id = t.account_id
         WHERE t.status = 'staged'
           AND (SELECT COUNT(*) FROM tasks x WHERE x.account_id = t.account_id
                AND x.status IN ('pending', 'processing', 'retry')) < a.concurrency
           AND t.seq = (SELECT MIN(seq) FROM tasks y WHERE y.account_id = t.account_id
                AND y.status = 'staged')`,
      )
      .all() as { job_id: string }[];
    return rows.map((r) => r.job_id);
  }

  /** Tasks in retry whose wait is over, oldest first. */
  dueRetries(nowMs: number, limit: number): string[] {
    const rows = this.db
      .prepare(
        `SELECT job_id FROM tasks WHERE status = 'retry' AND run_after <= ? ORDER BY seq LIMIT ?`,
      )
      .all(nowMs, limit) as { job_id: string }[];
    return rows.map((r) => r.job_id);
  }

  /** Earliest `run_after` among tasks waiting in retry, or null when none wait. */
  nextRetryAt(): number | null {
    const row = this.db
      .prepare(`SELECT MIN(run_after) AS at FROM tasks WHERE status = 'retry'`)
      .get() as { at: number | null };
    return row.at;
  }
}
