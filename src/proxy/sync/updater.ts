import type { JobCounters } from '@/server/metrics';
import { isTerminal, type TaskResponse } from '@/contract/task';
import type { Logger, Redactor } from '../log';
import { stateFromTask, type JobRecord } from '../model/record';
import { mediaEntries } from '../model/to-job';
import type { HistoryStore } from '../store/shared-store';
import type { MediaPrefetch } from './media-prefetch';

interface UpdaterDeps {
  history: Pick<HistoryStore, 'get' | 'confirmCreate' | 'applyState'>;
  prefetch: Pick<MediaPrefetch, 'enqueue'>;
  redact: Redactor;
  log: Logger;
  /** Counts the jobs that finished, by operation. */
  metrics?: { jobs: Pick<JobCounters, 'finished'> };
  /** Aborted at shutdown: updates still running are not reported as failures. */
  signal: AbortSignal;
}

export interface Applied {
  /** The store took the new state (a finished job never changes again). */
  changed: boolean;
  terminal: boolean;
}

/**
 * Applies what the upstream says about a job, whether a poll read it or a callback brought
 * it: one code path, so both give the same job, and a finished job arriving both ways is
 * stored (and announced) once.
 */
export class JobUpdater {
  private readonly background = new Set<Promise<unknown>>();

  constructor(private readonly deps: UpdaterDeps) {}

  async apply(handle: string, task: TaskResponse): Promise<Applied> {
    const current = await this.adopt(handle, task);
    if (!current) return { changed: false, terminal: false };
    const state = stateFromTask(task, current, this.deps.redact);
    if (!isTerminal(state.status)) {
      return { changed: await this.deps.history.applyState(handle, state, task), terminal: false };
    }
    if (isTerminal(current.status)) return { changed: false, terminal: true };
    // Announced at once; the media follows into the cache (the browser's own requests for
    // it are served as they come), and its sizes in one more event.
    const media = state.status === 'completed' && mediaEntries(state.output).length > 0;
    const changed = await this.deps.history.applyState(handle, state, task, media);
    if (changed) {
      this.deps.log.info('job finished', { handle, status: state.status });
      this.deps.metrics?.jobs.finished(current.operation, state.status);
    }
    if (changed && media) this.deps.prefetch.enqueue(handle);
    return { changed, terminal: true };
  }

  /**
   * The job, after it took the task's id if its create's answer was lost: a callback
   * (checked by its token) tells which task the create made, and the job turns into it.
   */
  private async adopt(handle: string, task: TaskResponse): Promise<JobRecord | null> {
    const current = await this.deps.history.get(handle);
    if (!current || current.createState === null) return current;
    const adopted = await this.deps.history.confirmCreate(handle, task, null);
    if (adopted) this.deps.log.info('job adopted', { handle });
    return adopted;
  }

  /** Runs `apply` without making the caller wait; shutdown waits for it. */
  applySoon(handle: string, task: TaskResponse, done: (a: Applied) => void): void {
    const run = this.apply(handle, task)
      .then(done)
      .catch((err: unknown) => {
        if (!this.deps.signal.aborted) this.deps.log.error('job update failed', { handle, err });
      })
      .finally(() => this.background.delete(run));
    this.background.add(run);
  }

  /** Waits for updates still running (shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.background]);
  }
}
