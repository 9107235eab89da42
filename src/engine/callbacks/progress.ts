import type { FetchPolicy } from '../fetch/dial';
import { guardedPost } from '../fetch/guarded-post';
import type { TaskStore } from '../db/task-store';
import type { CallbackRequestBuilder } from './dispatcher';

/** A progress notice not answered within this time is simply dropped. */
const PROGRESS_TIMEOUT_MS = 3000;

/**
 * Extension: when the create asked for it (`notify_progress: true`), the engine also POSTs
 * the task's in-flight TaskResponse (`processing`, `retry`, each `progress N%`) to its
 * callback, marked `x-webhook-event: progress`. Without it a task gets exactly one POST,
 * the final one, as from the hosted service, so a client written for that service never
 * takes a progress notice for the result. Best effort and never retried: the final
 * TaskResponse still goes through the outbox, at least once.
 */
export function createProgressNotifier(
  tasks: TaskStore,
  buildRequest: CallbackRequestBuilder,
  fetchPolicy: FetchPolicy,
  onError: (err: unknown) => void,
) {
  const inFlight = new Set<Promise<void>>();

  async function send(url: string, body: string, headers: Headers): Promise<void> {
    try {
      // The same address policy as the final callback: a notice is a POST all the same.
      await guardedPost(url, { body, headers }, { ...fetchPolicy, timeoutMs: PROGRESS_TIMEOUT_MS });
    } catch {
      // A lost notice costs nothing: the next one, or the final callback, carries the state.
    }
  }

  return {
    notify(jobId: string): void {
      try {
        const task = tasks.get(jobId);
        if (!task?.callback || task.input.notify_progress !== true) return;
        const { body, headers } = buildRequest(task);
        headers.set('x-webhook-event', 'progress');
        const done: Promise<void> = send(task.callback, body, headers).finally(() =>
          inFlight.delete(done),
        );
        inFlight.add(done);
      } catch (err) {
        onError(err);
      }
    },
    /** Waits for notices under way, so a stop leaves no request behind. */
    async drain(): Promise<void> {
      await Promise.all(inFlight);
    },
  };
}
