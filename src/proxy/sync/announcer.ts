import type { Logger } from '../log';
import type { Makers } from '../model/makers';
import type { JobChange } from '../store/history';
import type { StoredQueue } from '../store/queue';
import type { HistoryStore } from '../store/shared-store';
import type { ProgressGate } from '../browser-events/progress-gate';

/**
 * Tells browsers of each change in the order they happened (the reads are chained, so a
 * slow read cannot let a later change overtake it); a job that vanished meanwhile is
 * announced as removed.
 */
export function announcer(
  history: HistoryStore,
  queued: Pick<StoredQueue, 'places'>,
  makers: Makers,
  gate: ProgressGate,
  log: Logger,
) {
  let queue = Promise.resolve();
  return (change: JobChange): void => {
    queue = queue
      .then(async () => {
        // Places read now, as a job is: the newest announcement of a job holds its newest.
        if (change.type === 'places') return gate.places(await queued.places(change.handles));
        const job =
          change.type === 'job' ? (change.job ?? (await history.get(change.handle))) : null;
        if (job) gate.job(await makers.job(job));
        else gate.removed(change.handle);
      })
      .catch((err: unknown) => log.warn('job change not announced', { err }));
  };
}
