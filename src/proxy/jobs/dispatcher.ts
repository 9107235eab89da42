import type { SharedEvent } from '../browser-events/hub';
import type { Logger } from '../log';
import type { StoredQueue } from '../store/queue';
import { sendQueued, type CreateDeps } from './create';

/** After the service answers 429: the longest wait for a slot before trying again. */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000, 30_000];

export interface DispatcherDeps extends CreateDeps {
  queue: Pick<
    StoredQueue,
    | 'enqueueIfWaiting'
    | 'requeue'
    | 'refused'
    | 'takeHead'
    | 'announceTaken'
    | 'lease'
    | 'unlease'
    | 'waiting'
  >;
  log: Logger;
  /** This process's name among a team's replicas. */
  replica: string;
  /** How long the lease lasts: longer than one create can wait for its answer. */
  leaseMs: number;
}

/**
 * Sends the queued creates in order as the service frees slots. Events drive it: a job
 * that ends (on any replica: the shared event sequence brings it) or a create that joins
 * the queue wakes it. After the service answers 429 it waits for the next job to end, or
 * a backoff that doubles up to 30 s (another client of the same account may hold the
 * slots). Of a team's replicas only the holder of the lease sends, one create at a time;
 * the lease is given up when the queue is empty or the service is busy, and a killed
 * replica's lapses, after which another takes over.
 */
export class QueueDispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  /** Set after a 429: only a job ending (or the backoff) makes it try again. */
  private busy = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: DispatcherDeps) {}

  /** A job ended (`slotFreed`), or a create joined the queue. */
  wake(slotFreed: boolean): void {
    if (this.stopped) return;
    if (slotFreed) this.busy = false;
    if (this.busy) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake(false);
      }
    });
  }

  private later(ms: number, slotFreed: boolean): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake(slotFreed);
    }, ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const { queue, replica, leaseMs, log } = this.deps;
    try {
      const lease = await queue.lease(replica, leaseMs);
      if (!lease.held) {
        // Another replica sends; if it died, its lease lapses and this one takes over.
        if ((await queue.waiting()) > 0) this.later(lease.untilMs - Date.now() + 50, false);
        return;
      }
      try {
        await this.sendAll();
      } finally {
        await queue.unlease(replica);
      }
    } catch (err) {
      if (this.stopped) return;
      log.warn('queued creates not sent', { err });
      this.later(BACKOFF_MS[0] ?? 1000, false);
    }
  }

  private async sendAll(): Promise<void> {
    const { queue, replica, leaseMs } = this.deps;
    while (!this.stopped) {
      const head = await queue.takeHead();
      if (!head) return;
      const outcome = await sendQueued(this.deps, head);
      this.deps.log.info('queued create sent', { handle: head.handle, outcome });
      if (outcome === 'busy') {
        // Back at the front: its requeue announced the queue as it is again.
        this.busy = true;
        const wait = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)] ?? 30_000;
        this.later(wait, true);
        return;
      }
      queue.announceTaken(head);
      this.attempt = 0;
      // Renewed for the next create, each of which may wait for its answer that long.
      const lease = await queue.lease(replica, leaseMs);
      if (!lease.held) return;
    }
  }

  /**
   * `deliver` for the shared events, which also wakes the dispatcher for a job that ended
   * (a slot freed, on any replica) or one that joined or left the queue.
   */
  following(deliver: (e: SharedEvent) => void): (e: SharedEvent) => void {
    return (e) => {
      deliver(e);
      if (e.event === 'job-removed') return this.wake(false);
      if (e.event !== 'job') return;
      const job = (JSON.parse(e.data) as { job?: { status?: unknown; queued?: unknown } }).job;
      if (job?.status === 'completed' || job?.status === 'failed') this.wake(true);
      else if (job?.queued) this.wake(false);
    };
  }

  /** Stops sending; a create being sent finishes first. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
