import type { TaskResponse } from '@/contract/task';
import { createLoop, type Loop } from '@/server/loop';
import { expiredState } from '../model/record';
import type { Logger } from '../log';
import type { Reachability } from '../webhooks/reachability';
import type { ActiveJob } from '../store/history';
import type { HistoryStore } from '../store/shared-store';
import type { UpstreamClient } from '../upstream/client';
import { UpstreamError } from '../upstream/errors';
import type { JobUpdater } from './updater';

const MAX_INTERVAL_MS = 5000;
const GROWTH = 1.5;
/** A job with a callback is only a safety net: read rarely, and more rarely as it runs on. */
const HOOKED_GROWTH = 2;
const HOOKED_MAX_INTERVAL_MS = 5 * 60_000;
const DEFAULT_MAX_IN_FLIGHT = 4;
const EXPIRY_GRACE_MS = 60_000;

interface PollerDeps {
  history: Pick<HistoryStore, 'follow' | 'unfollow' | 'get' | 'applyState'>;
  /** This replica's id: the holder of its job leases. */
  replica: string;
  /** How long a lease lasts unrenewed; each pass renews it (Postgres only). */
  leaseMs: number;
  upstream: Pick<UpstreamClient, 'getTask'>;
  updater: Pick<JobUpdater, 'apply'>;
  reach: Pick<Reachability, 'trusted' | 'hookMissed'>;
  log: Logger;
  /** Base interval for a job whose state just changed. */
  pollMs: number;
  /** First read of a job whose callback is trusted to come. */
  hookWaitMs: number;
  maxInFlight?: number;
}

interface Schedule {
  dueAt: number;
  intervalMs: number;
  fingerprint: string;
}

const fingerprintOf = (t: TaskResponse) => `${t.status}|${t.logs.length}|${t.logs.at(-1) ?? ''}`;

/**
 * The one background loop that reads running jobs from the upstream. Each job has its own
 * backoff (a job that does not change is read less and less often), and only a bounded
 * number of reads run at once, however many jobs and browser tabs there are.
 */
export class UpstreamPoller {
  private readonly schedule = new Map<string, Schedule>();
  private readonly reads = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private readonly loop: Loop;

  constructor(private readonly deps: PollerDeps) {
    this.loop = createLoop({
      pass: () => this.dispatch(),
      // Dispatch names the wait; the cap is its idle interval, so after a failed pass the
      // poller is back within seconds, and leases are renewed well before they lapse.
      maxWaitMs: Math.min(MAX_INTERVAL_MS, deps.leaseMs / 3),
      onError: (err) => deps.log.error('poller pass failed', { err }),
    });
  }

  start(): void {
    this.loop.start();
  }

  /**
   * Stops the loop, cancels reads in flight and waits until all of it has finished, then
   * hands this replica's jobs over to the others.
   */
  async stop(): Promise<void> {
    this.abort.abort(new Error('poller stopped'));
    await this.loop.stop();
    await Promise.allSettled(this.reads.values());
    await this.deps.history.unfollow(this.deps.replica).catch((err: unknown) => {
      this.deps.log.warn('job leases not released', { err });
    });
  }

  /**
   * A job was just created. With a callback that can be trusted to come, its first read
   * waits HOOK_WAIT_MS, by when the callback has normally made the read unnecessary.
   */
  jobCreated(handle: string, hooked: boolean): void {
    if (hooked && this.deps.reach.trusted) {
      const wait = this.deps.hookWaitMs;
      this.schedule.set(handle, { dueAt: Date.now() + wait, intervalMs: wait, fingerprint: '' });
    }
    this.notify();
  }

  /**
   * The upstream answers again after an outage: every running job is read at once, not
   * at the end of the backoff its failed reads (or a trusted callback) had grown to.
   */
  upstreamBack(): void {
    this.schedule.clear();
    this.notify();
  }

  /** Cuts the current wait short: a job was just created or something else changed. */
  notify(): void {
    this.loop.notify();
  }

  /** Starts the reads that are due; returns how long to wait before the next one. */
  private async dispatch(): Promise<number> {
    const max = this.deps.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    let next = Number.POSITIVE_INFINITY;
    const active = await this.deps.history.follow(this.deps.replica, this.deps.leaseMs);
    const now = Date.now();
    const known = new Set(active.map((j) => j.handle));
    for (const handle of this.schedule.keys()) if (!known.has(handle)) this.schedule.delete(handle);
    for (const job of active) {
      if (this.reads.has(job.handle)) continue;
      const dueAt = this.schedule.get(job.handle)?.dueAt ?? now;
      if (dueAt > now) {
        next = Math.min(next, dueAt - now);
        continue;
      }
      // Full: the next read to finish calls notify(), which runs this again.
      if (this.reads.size >= max) continue;
      const read = this.poll(job).finally(() => {
        this.reads.delete(job.handle);
        this.notify();
      });
      this.reads.set(job.handle, read);
    }
    return Number.isFinite(next) ? next : MAX_INTERVAL_MS;
  }

  private async poll(job: ActiveJob): Promise<void> {
    const signal = this.abort.signal;
    try {
      const task = await this.deps.upstream.getTask(job.upstreamId, signal);
      await this.apply(job, task);
    } catch (err) {
      if (signal.aborted) return;
      if (err instanceof UpstreamError && err.status === 404) return await this.expire(job.handle);
      this.backOff(job, null);
      this.deps.log.warn('job read failed', { handle: job.handle, err });
    }
  }

  private async apply(job: ActiveJob, task: TaskResponse): Promise<void> {
    const applied = await this.deps.updater.apply(job.handle, task);
    if (!applied.terminal) return this.backOff(job, fingerprintOf(task));
    this.schedule.delete(job.handle);
    if (applied.changed && job.hooked && this.deps.reach.trusted) {
      // The job finished and its callback did not say so: stop relying on callbacks, and
      // read the other jobs that were waiting for theirs.
      this.deps.reach.hookMissed();
      this.deps.log.warn('a callback did not arrive; polling running jobs', { handle: job.handle });
      this.schedule.clear();
    }
  }

  private async expire(handle: string): Promise<void> {
    const current = await this.deps.history.get(handle);
    if (!current) return;
    // A 404 for a job created moments ago is more likely a lagging replica than expiry.
    if (Date.now() - Date.parse(current.createdAt) < EXPIRY_GRACE_MS) {
      this.backOff({ handle, upstreamId: current.upstreamId, hooked: false }, null);
      return;
    }
    await this.deps.history.applyState(handle, expiredState(current), null);
    this.schedule.delete(handle);
    this.deps.log.warn('job expired upstream', { handle });
  }

  /**
   * Same answer as last time: wait longer (×1.5 up to 5 s). A change: back to the base. A
   * job whose callback is trusted waits from HOOK_WAIT_MS, doubling up to 5 minutes.
   */
  private backOff(job: ActiveJob, fingerprint: string | null): void {
    const prev = this.schedule.get(job.handle);
    const relaxed = job.hooked && this.deps.reach.trusted;
    const base = relaxed ? this.deps.hookWaitMs : this.deps.pollMs;
    const changed = fingerprint !== null && fingerprint !== prev?.fingerprint;
    const intervalMs = relaxed
      ? Math.min(Math.max(base, (prev?.intervalMs ?? 0) * HOOKED_GROWTH), HOOKED_MAX_INTERVAL_MS)
      : changed || !prev
        ? base
        : Math.min(prev.intervalMs * GROWTH, MAX_INTERVAL_MS);
    this.schedule.set(job.handle, {
      dueAt: Date.now() + intervalMs,
      intervalMs,
      fingerprint: fingerprint ?? prev?.fingerprint ?? '',
    });
  }
}
