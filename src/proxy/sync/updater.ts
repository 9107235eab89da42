import { isTerminal, type TaskResponse } from '../../contract/task';
import type { Logger, Redactor } from '../log';
import type { MediaCache } from '../media/cache';
import { stateFromTask, type JobRecord } from '../model/record';
import { mediaEntries } from '../model/to-job';
import type { JobStore } from '../store/jobs';

interface UpdaterDeps {
  store: JobStore;
  media: Pick<MediaCache, 'cacheAll'>;
  redact: Redactor;
  log: Logger;
  /** Aborted at shutdown: media downloads stop, and the job is read again next start. */
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
    const current = this.adopt(handle, task);
    if (!current) return { changed: false, terminal: false };
    const state = stateFromTask(task, current, this.deps.redact);
    if (!isTerminal(state.status)) {
      return { changed: this.deps.store.applyState(handle, state, task), terminal: false };
    }
    if (isTerminal(current.status)) return { changed: false, terminal: true };
    // Media first, so the job shows as completed with its sizes known (right aspect ratio).
    const dims = await this.cacheMedia(current, state.output);
    const changed = this.deps.store.applyState(handle, state, task, dims);
    if (changed) this.deps.log.info('job finished', { handle, status: state.status });
    return { changed, terminal: true };
  }

  /**
   * The job, after it took the task's id if its create's answer was lost: a callback
   * (checked by its token) tells which task the create made, and the job turns into it.
   */
  private adopt(handle: string, task: TaskResponse): JobRecord | null {
    const current = this.deps.store.get(handle);
    if (!current || current.createState === null) return current;
    const adopted = this.deps.store.confirmCreate(handle, task, null);
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

  private async cacheMedia(job: JobRecord, output: JobRecord['output']) {
    const entries = mediaEntries(output);
    if (entries.length === 0) return {};
    const { dims, failed } = await this.deps.media.cacheAll(job.handle, entries, this.deps.signal);
    if (failed > 0) this.deps.log.warn('media not cached', { handle: job.handle, failed });
    return dims;
  }
}
