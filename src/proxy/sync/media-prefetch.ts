import type { Logger } from '../log';
import type { MediaCache } from '../media/cache';
import type { MediaDims } from '../model/record';
import { mediaEntries } from '../model/to-job';
import type { JobStore } from '../store/jobs';
import { UpstreamError } from '../upstream/errors';

/** Downloads at once; a browser's own requests come on top and never wait for these. */
const DEFAULT_CONCURRENCY = 4;

interface PrefetchDeps {
  store: Pick<JobStore, 'get' | 'addDims' | 'mediaPending' | 'markUpstreamGone'>;
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

  constructor(private readonly deps: PrefetchDeps) {}

  /** Queues the media a completed job shows (see `mediaEntries`). */
  enqueue(handle: string): void {
    if (this.jobs.has(handle) || this.deps.signal.aborted) return;
    const job = this.deps.store.get(handle);
    const entries = job?.status === 'completed' ? mediaEntries(job.output) : [];
    if (entries.length === 0) {
      this.deps.store.addDims(handle, {}, true);
      return;
    }
    this.jobs.set(handle, { left: entries.length, dims: {}, failed: 0 });
    this.queue.push(...entries.map((e) => ({ handle, ...e })));
    this.pump();
  }

  /** At start: the jobs whose media the last run had not finished caching. */
  resume(): number {
    const handles = this.deps.store.mediaPending();
    for (const handle of handles) this.enqueue(handle);
    return handles.length;
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
    while (this.running.size < max && !this.deps.signal.aborted) {
      const item = this.queue.shift();
      if (!item) return;
      const run: Promise<void> = this.fetch(item).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async fetch(item: Item): Promise<void> {
    const job = this.jobs.get(item.handle);
    if (!job) return;
    try {
      // A job deleted meanwhile is not fetched back into the cache.
      if (this.deps.store.get(item.handle) === null) throw new Error('job deleted');
      const m = await this.deps.media.get(item.handle, item.key, item.url, this.deps.signal);
      if (m.width !== null && m.height !== null) {
        job.dims[item.key] = { width: m.width, height: m.height };
      }
    } catch (err) {
      job.failed++;
      if (isGone(err)) this.deps.store.markUpstreamGone(item.handle);
    }
    if (--job.left === 0) this.finish(item.handle, job);
  }

  private finish(handle: string, job: JobFetch): void {
    this.jobs.delete(handle);
    // Stopped: the job stays pending, and the next start fetches what is missing.
    if (this.deps.signal.aborted) return;
    if (job.failed > 0) this.deps.log.warn('media not cached', { handle, failed: job.failed });
    this.deps.store.addDims(handle, job.dims, true);
  }
}
