import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MediaTaskName, MediaTasks } from './media-tasks';
import { revive, runMediaTask } from './media-tasks';

/** Idle workers are ended after this long without work (they never hold the process open). */
const IDLE_MS = 1500;

type Args<K extends MediaTaskName> = Parameters<MediaTasks[K]>;
type Result<K extends MediaTaskName> = Awaited<ReturnType<MediaTasks[K]>>;

interface Job {
  id: number;
  name: MediaTaskName;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

/**
 * The worker runs TypeScript through tsx's loader, registered inside the worker, so it
 * starts the same under `tsx` and under vitest (`--import tsx` in `execArgv` does not
 * reach a worker's entry module on Node 20).
 */
function workerSource(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const api = pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./media-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}

const stopped = () => new Error('the media render was stopped');

/**
 * Runs media renders on worker threads, one render per worker at a time, as many workers
 * as cores: the per-pixel loops of the renders never block the engine's event loop.
 * Workers start on demand and end when idle, when their render is aborted, or on close.
 * If a worker cannot start at all, renders run inline on the main thread instead.
 */
class MediaPool {
  private readonly size = Math.max(1, availableParallelism());
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;
  private inline = false;

  run(name: MediaTaskName, args: unknown[], signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(stopped());
    if (this.inline) return runMediaTask(name, args);
    return new Promise((resolve, reject) => {
      const onAbort = () => this.abort(job);
      const job: Job = {
        id: this.nextId++,
        name,
        args,
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        reject: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** Ends every worker; queued and running renders fail. */
  async close(): Promise<void> {
    this.clearIdle();
    const slots = this.slots;
    this.slots = [];
    for (const job of this.queue.splice(0)) job.reject(stopped());
    for (const slot of slots) slot.job?.reject(stopped());
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private pump(): void {
    this.clearIdle();
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.job) ?? this.spawn();
      if (!slot) break;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, name: job.name, args: job.args });
    }
    if (this.queue.length === 0 && this.slots.every((s) => !s.job) && this.slots.length > 0) {
      this.idle = setTimeout(() => void this.close(), IDLE_MS);
      this.idle.unref();
    }
  }

  private clearIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.size) return null;
    const worker = new Worker(workerSource(), { eval: true });
    const slot: Slot = { worker, ready: false, job: null };
    worker.on(
      'message',
      (msg: { ready?: true; id?: number; ok?: boolean; value?: unknown; error?: string }) => {
        if (msg.ready) {
          slot.ready = true;
          return;
        }
        const job = slot.job;
        if (!job || job.id !== msg.id) return;
        slot.job = null;
        worker.unref();
        if (msg.ok) job.resolve(revive(msg.value));
        else job.reject(new Error(msg.error ?? 'the media render failed'));
        this.pump();
      },
    );
    worker.on('error', (err) => this.lose(slot, err));
    worker.on('exit', () => this.lose(slot, new Error('a media worker exited')));
    this.slots.push(slot);
    return slot;
  }

  /** A worker died: a render it had not started yet runs again elsewhere. */
  private lose(slot: Slot, err: Error): void {
    if (!this.slots.includes(slot)) return;
    this.slots = this.slots.filter((s) => s !== slot);
    const job = slot.job;
    slot.job = null;
    if (!slot.ready) {
      // It never started (no loader?): run everything on the main thread from now on.
      this.inline = true;
      console.error('[engine] media workers unavailable, rendering inline:', err.message);
      for (const queued of [...(job ? [job] : []), ...this.queue.splice(0)]) {
        runMediaTask(queued.name, queued.args).then(queued.resolve, queued.reject);
      }
      return;
    }
    job?.reject(err);
    this.pump();
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) {
      job.reject(stopped());
      return;
    }
    // The render fails only once its thread is gone, so an engine stop (which waits for
    // its attempts) leaves no thread of an aborted render behind.
    this.slots = this.slots.filter((s) => s !== slot);
    const fail = () => job.reject(stopped());
    slot.worker.terminate().then(fail, fail);
    this.pump();
  }

  /** Live worker threads (busy or idle). */
  get threads(): number {
    return this.slots.length;
  }
}

const pool = new MediaPool();

/** Runs `name(...args)` on a media worker; an abort ends the render (and its worker) at once. */
export function inMediaPool<K extends MediaTaskName>(
  name: K,
  args: Args<K>,
  signal?: AbortSignal,
): Promise<Result<K>> {
  return pool.run(name, args, signal) as Promise<Result<K>>;
}

/** How many media worker threads are alive now. */
export const mediaWorkerCount = (): number => pool.threads;

/** Ends the media workers now (they also end by themselves after IDLE_MS without work). */
export function closeMediaPool(): Promise<void> {
  return pool.close();
}
