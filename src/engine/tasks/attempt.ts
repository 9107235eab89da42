import { operationOfTaskType } from '@/contract/operations';
import { engineOperation } from './operations/registry';
import type { RunContext } from './operations/types';
import type { MachineDeps } from './state-machine';
import { complete, fail, fault, interrupt, logLine } from './state-machine';
import type { StoredOutput } from '../db/stored-output';
import type { TaskRow, TaskStore } from '../db/task-store';
import { TaskInputError } from './rules/task-input-error';

/** Attempts per task before a transient fault becomes a failure. */
const MAX_ATTEMPTS = 3;
/** How long a task waits in `retry` before its next attempt. */
const RETRY_DELAY_MS = 1000;
/** Progress lines an attempt writes, spread over the minimum attempt time. */
const PROGRESS_STEPS = [10, 30, 50, 70, 90];

export interface AttemptDeps extends MachineDeps {
  tasks: TaskStore;
  filesDir: string;
  taskMs: number;
  faultRate: number;
  random: () => number;
  /** ENGINE_ALLOW_PRIVATE_FETCH: outbound fetches may reach private addresses. */
  allowPrivateFetch?: boolean;
  /** Called after each in-flight change a callback receiver may want to hear of. */
  onProgress?: (jobId: string) => void;
}

/** Resolves after `ms`, or at once when the signal aborts (never rejects). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** Writes `progress N%` lines at their share of the attempt time; returns a stopper. */
function startProgress(deps: AttemptDeps, jobId: string): () => void {
  const timers = PROGRESS_STEPS.map((pct) =>
    setTimeout(
      () => {
        deps.tasks.appendProgress(jobId, logLine(deps.now(), `progress ${pct}%`));
        deps.onProgress?.(jobId);
      },
      (deps.taskMs * pct) / 100,
    ),
  );
  return () => timers.forEach(clearTimeout);
}

/** Makes the media, taking at least `taskMs`; a simulated fault ends the attempt half way. */
async function work(deps: AttemptDeps, task: TaskRow, signal: AbortSignal): Promise<StoredOutput> {
  const op = engineOperation(operationOfTaskType(task.taskType));
  if (!op) throw new Error(`${task.taskType} is not implemented by this engine yet`);
  if (deps.random() < deps.faultRate) {
    await sleep(deps.taskMs / 2, signal);
    throw new Error('the image service did not answer (simulated by ENGINE_FAULT_RATE)');
  }
  const ctx: RunContext = {
    tasks: deps.tasks,
    filesDir: deps.filesDir,
    allowPrivateFetch: deps.allowPrivateFetch ?? false,
    signal,
  };
  const [output] = await Promise.all([op.run(task, ctx), sleep(deps.taskMs, signal)]);
  return output;
}

/**
 * Runs one attempt of a task that is already `processing` and makes the move its
 * outcome calls for: complete, fault (retry later), fail after the last attempt, or
 * interrupt when the engine is stopping.
 */
export async function runAttempt(deps: AttemptDeps, task: TaskRow, signal: AbortSignal) {
  deps.onProgress?.(task.jobId);
  const stopProgress = startProgress(deps, task.jobId);
  let output: StoredOutput | null = null;
  let problem: string | null = null;
  let badInput = false;
  try {
    output = await work(deps, task, signal);
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
    badInput = err instanceof TaskInputError;
  } finally {
    stopProgress();
  }
  if (signal.aborted) {
    interrupt(deps, task.jobId, 'the engine is stopping');
  } else if (output) {
    deps.tasks.appendLog(task.jobId, logLine(deps.now(), 'progress 100%'));
    complete(deps, task.jobId, output);
  } else if (badInput) {
    // Trying again would fetch the same refused URL: fail now, with the reason.
    fail(deps, task.jobId, { code: 400, message: problem ?? '', raw_message: problem ?? '' });
  } else if (task.attempts < MAX_ATTEMPTS) {
    fault(deps, task.jobId, problem ?? 'unknown error', RETRY_DELAY_MS);
  } else {
    const message = `generation failed after ${task.attempts} attempts: ${problem ?? 'unknown error'}`;
    fail(deps, task.jobId, { code: 500, message, raw_message: problem ?? '' });
  }
}
