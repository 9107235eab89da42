import type { Logger } from '../log';
import type { MediaCache } from '../media/cache';
import type { MediaDims } from '../model/record';
import { mediaEntries } from '../model/to-job';
import type { HistoryStore } from '../store/shared-store';
import { UpstreamError } from '../upstream/errors';

/** Downloads at once; a browser's own requests come on top and never wait for these. */
const DEFAULT_CONCURRENCY = 4;

interface PrefetchDeps {
  history: Pick<HistoryStore, 'get' | 'addDims' | 'mediaPending' | 'markUpstreamGone'>;
  media: Pick<MediaCache, 'get'>;
  log: Logger;
  /** Aborted at shutdown: downloads stop, and the jobs are fetched again next start. */
  signal: AbortSignal;
  concurrency?: number;
}

interface Item {
  handle: string;
  key: string;
  url: string;
}

/** What is known of one job's downloads until all of them are done. */
interface JobFetch {
  left: number;
  dims: MediaDims;
  failed: number;
}

const isGone = (err: unknown) =>
  err instanceof UpstreamError && (err.status === 404 || err.status === 410);

/**
 * Caches the media of completed jobs in the background, after they were announced, a few
 * files at a time and oldest job first. A browser asking for a file goes to the cache
 * directly (and shares a download under way); its job's other files then move to the
 * front, since the browser is showing that job. The sizes measured are stored once per job,
 * when all its files are in: one more `job` event, not one per file.
 */
export class MediaPrefetch {
  private queue: Item[] = [];
  private readonly jobs = new Map<string, JobFetch>();
  private readonly running = new Set<Promise<void>>();
  private downloads = 0;

  constructor(private readonly deps: PrefetchDeps) {}

  /** Queues the media a completed job shows (see `mediaEntries`). */
  enqueue(handle: string): void {
    if (this.jobs.has(handle) || this.deps.signal.aborted) return;
    // Marked at once, so that a second enqueue while the job is read is a no-op.
    const job: JobFetch = { left: 0, dims: {}, failed: 0 };
    this.jobs.set(handle, job);
    this.track(this.queueJob(handle, job));
  }

  private async queueJob(handle: string, job: JobFetch): Promise<void> {
    const rec = await this.deps.history.get(handle);
    const entries = rec?.status === 'completed' ? mediaEntries(rec.output) : [];
    if (entries.length === 0 || this.deps.signal.aborted) {
      this.jobs.delete(handle);
      if (!this.deps.signal.aborted) await this.deps.history.addDims(handle, {}, true);
      return;
    }
    job.left = entries.length;
    this.queue.push(...entries.map((e) => ({ handle, ...e })));
    this.pump();
  }

  /** At start: the jobs whose media the last run had not finished caching. */
  async resume(): Promise<number> {
    const handles = await this.deps.history.mediaPending();
    for (const handle of handles) this.enqueue(handle);
    return handles.length;
  }

  /** Runs `work` in the background; `drain` waits for it, a failure is logged. */
  private track(work: Promise<void>): void {
    const run: Promise<void> = work
      .catch((err: unknown) => this.deps.log.warn('media prefetch failed', { err }))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** A browser asked for one of this job's files: the job's other files go first. */
  promote(handle: string): void {
    if (!this.jobs.has(handle)) return;
    const mine = this.queue.filter((i) => i.handle === handle);
    if (mine.length === 0) return;
    this.queue = [...mine, ...this.queue.filter((i) => i.handle !== handle)];
  }

  /** Whether the job's media is still being fetched (its sizes are stored when it is). */
  pending(handle: string): boolean {
    return this.jobs.has(handle);
  }

  /** Waits for the downloads under way (shutdown: abort the signal first). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    const max = this.deps.concurrency ?? DEFAULT_CONCURRENCY;
    while (this.downloads < max && !this.deps.signal.aborted) {
      const item = this.queue.shift();
      if (!item) return;
      this.downloads++;
      this.track(
        this.fetch(item).finally(() => {
          this.downloads--;
          this.pump();
        }),
      );
    }
  }

  private async fetch(item: Item): Promise<void> {
    const job = this.jobs.get(item.handle);
    if (!job) return;
    try {
      // A job deleted meanwhile is not fetched back into the cache.
      if ((await this.deps.history.get(item.handle)) === null) throw new Error('job deleted');
      const m = await this.deps.media.get(item.handle, item.key, item.url, this.deps.signal);
      if (m.width !== null && m.height !== null) {
        job.dims[item.key] = { width: m.width, height: m.height };
      }
    } catch (err) {
      job.failed++;
      if (isGone(err)) await this.deps.history.markUpstreamGone(item.handle);
    }
    if (--job.left === 0) await this.finish(item.handle, job);
  }

  private async finish(handle: string, job: JobFetch): Promise<void> {
    this.jobs.delete(handle);
    // Stopped: the job stays pending, and the next start fetches what is missing.
    if (this.deps.signal.aborted) return;
    if (job.failed > 0) this.deps.log.warn('media not cached', { handle, failed: job.failed });
    await this.deps.history.addDims(handle, job.dims, true);
  }
}
