import type { StudioEvent } from '@/contract/events';
import type { Job } from '@/contract/studio-api';

/** A running job's progress reaches browsers at most this often. */
const PROGRESS_EVERY_MS = 250;

interface Last {
  /** The job as last sent, its progress left out: what a progress-only change keeps. */
  shape: string;
  sentAt: number;
  timer: NodeJS.Timeout | null;
  /** The newest state held back, sent when the timer fires. */
  held: Job | null;
}

const shapeOf = (job: Job): string => JSON.stringify({ ...job, progress: 0 });

/**
 * Lets every change of a job through to browsers at once, but its progress alone at most
 * every 250 ms per job, the newest value last. The service may report a task's progress
 * many times a second (the engine does, for short tasks), and in a burst of jobs each
 * report was an event that every open page rendered, holding back the completions that
 * came between them.
 */
export class ProgressGate {
  private readonly last = new Map<string, Last>();

  constructor(private readonly send: (event: StudioEvent) => void) {}

  job(job: Job): void {
    const last = this.last.get(job.id);
    const now = Date.now();
    const shape = shapeOf(job);
    if (last && last.shape === shape && now - last.sentAt < PROGRESS_EVERY_MS) {
      last.held = job;
      last.timer ??= setTimeout(() => this.release(job.id), last.sentAt + PROGRESS_EVERY_MS - now);
      last.timer.unref();
      return;
    }
    this.forget(job.id);
    // Only a running job's progress moves; a finished one is sent as it changes.
    if (job.status !== 'completed' && job.status !== 'failed') {
      this.last.set(job.id, { shape, sentAt: now, timer: null, held: null });
    }
    this.send({ event: 'job', data: { job } });
  }

  /** Queued jobs' new places, at once (a queued job has no progress to hold back). */
  places(places: readonly { handle: string; place: number }[]): void {
    if (places.length === 0) return;
    this.send({
      event: 'queue',
      data: { places: places.map(({ handle, place }) => ({ id: handle, place })) },
    });
  }

  removed(id: string): void {
    this.forget(id);
    this.send({ event: 'job-removed', data: { id } });
  }

  /** Drops what is held back (shutdown). */
  close(): void {
    for (const id of [...this.last.keys()]) this.forget(id);
  }

  private release(id: string): void {
    const last = this.last.get(id);
    if (!last) return;
    last.timer = null;
    const held = last.held;
    last.held = null;
    if (!held) return;
    last.sentAt = Date.now();
    this.send({ event: 'job', data: { job: held } });
  }

  private forget(id: string): void {
    const last = this.last.get(id);
    if (last?.timer) clearTimeout(last.timer);
    this.last.delete(id);
  }
}
