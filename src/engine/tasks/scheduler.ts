import type { Loop } from '@/server/loop';
import { createLoop } from '@/server/loop';
import type { AttemptDeps } from './attempt';
import { runAttempt } from './attempt';
import type { TaskRow } from '../db/task-store';
import { interrupt, promote, resume, start } from './state-machine';

/**
 * Attempts running at once across all accounts. Rendering is CPU work on sharp's thread
 * pool, so a bound keeps one busy account from starving the HTTP side; tasks beyond it
 * wait as `pending` (they still hold their account's slot).
 */
const MAX_PARALLEL = 8;
/** Idle poll: a safety net only, since creates and finished attempts call notify. */
const IDLE_MS = 1000;

export interface Scheduler extends Loop {
  /** Job ids with an attempt running now. */
  running(): string[];
}

export interface SchedulerDeps extends AttemptDeps {
  onError: (err: unknown) => void;
  /** Called after each attempt ends (completed tasks may owe a callback). */
  onAttemptEnd: (jobId: string) => void;
}

/** Staged tasks move up in creation order, one per account at a time, while slots are free. */
function promoteStaged(deps: SchedulerDeps): void {
  for (let ids = deps.tasks.promotable(); ids.length > 0; ids = deps.tasks.promotable()) {
    for (const id of ids) promote(deps, id);
  }
}

/** At start nothing runs yet, so a task found `processing` was left by a process that died. */
function recover(deps: SchedulerDeps): void {
  for (const id of deps.tasks.idsWithStatus('processing')) {
    interrupt(deps, id, 'the engine restarted');
  }
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  const loop = createLoop({ pass, maxWaitMs: IDLE_MS, onError: deps.onError });

  function launch(task: TaskRow): void {
    const abort = new AbortController();
    const done = runAttempt(deps, task, abort.signal)
      .catch(deps.onError)
      .finally(() => {
        inFlight.delete(task.jobId);
        loop.notify();
        deps.onAttemptEnd(task.jobId);
      });
    inFlight.set(task.jobId, { abort, done });
  }

  function pass(): number {
    promoteStaged(deps);
    const nowMs = deps.now().getTime();
    for (const id of deps.tasks.dueRetries(nowMs, MAX_PARALLEL - inFlight.size)) {
      launch(resume(deps, id));
    }
    for (const id of deps.tasks.idsWithStatus('pending', MAX_PARALLEL - inFlight.size)) {
      launch(start(deps, id));
    }
    const nextRetry = deps.tasks.nextRetryAt();
    return nextRetry === null ? IDLE_MS : nextRetry - nowMs;
  }

  return {
    start() {
      recover(deps);
      loop.start();
    },
    async stop() {
      await loop.stop();
      for (const { abort } of inFlight.values()) abort.abort();
      await Promise.all([...inFlight.values()].map((f) => f.done));
    },
    notify: () => loop.notify(),
    running: () => [...inFlight.keys()],
  };
}
