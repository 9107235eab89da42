import { createLoop } from '@/server/loop';
import type { Logger } from '../log';
import type { UpstreamClient } from './client';
import type { UpstreamHealth } from './health';

interface ProbeTiming {
  /**
   * Between probes while the service is thought down: its first answer is seen this soon.
   * Fixed, not growing: the header must say Live within 2 s of that answer.
   */
  downMs: number;
  /** Between probes while it answers and jobs run: an outage is seen this soon. */
  busyMs: number;
  /** Time given to one probe. */
  timeoutMs: number;
}

const PROBE_TIMING: ProbeTiming = { downMs: 1000, busyMs: 2000, timeoutMs: 3000 };
/** Nothing running and the service answering: look again only this rarely. */
const IDLE_MS = 60_000;

interface ProbeDeps {
  upstream: Pick<UpstreamClient, 'probe'>;
  health: Pick<UpstreamHealth, 'reachable' | 'status' | 'watch'>;
  /** Whether anything waits on the service (running jobs): only then is it probed. */
  busy: () => boolean | Promise<boolean>;
  log: Logger;
  timing?: ProbeTiming;
}

/**
 * Asks the service whether it answers while jobs run, since with callbacks the poller may
 * not read a job for minutes and an outage would go unseen; and, once it is down, every
 * second until it answers again. With nothing running and the service answering it asks
 * nothing: the client's own requests tell the health, and the first that fails is the
 * outage. Any path that finds the service down (the probe, a create, a read) wakes it at
 * once, since it may be resting for a minute. A small loop: start, stop (awaits the probe
 * in flight), notify.
 */
export class UpstreamProbe {
  private readonly abort = new AbortController();
  /** The last pass found nothing to watch, and waits the long idle interval. */
  private idle = false;
  /** When the service last called back. */
  private heardAt = Number.NEGATIVE_INFINITY;
  private readonly loop = createLoop({
    pass: () => this.pass(),
    maxWaitMs: IDLE_MS,
    onError: (err) => this.deps.log.error('upstream probe failed', { err }),
  });

  constructor(private readonly deps: ProbeDeps) {
    deps.health.watch((status) => {
      if (!status.reachable) this.loop.notify();
    });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.abort.abort(new Error('probe stopped'));
    await this.loop.stop();
  }

  /** Something may now wait on the service (a job was created): stop idling. */
  notify(): void {
    if (this.idle) this.loop.notify();
  }

  /**
   * The service called back: it is alive, so while it answers no probe is needed for the
   * next `busyMs`. (An outage still counts: a callback does not say the studio can reach
   * the service, only the studio's own requests do.)
   */
  heard(): void {
    this.heardAt = Date.now();
  }

  private async pass(): Promise<number> {
    const { downMs, busyMs, timeoutMs } = this.deps.timing ?? PROBE_TIMING;
    const { reachable, lastContactAt } = this.deps.health.status;
    const waking = this.idle;
    this.idle = reachable && !(await this.deps.busy());
    if (this.idle) return IDLE_MS;
    if (reachable) {
      // Just woken by a create: its answer is the news. Or the service answered another
      // request, or called back, moments ago: ask once it has been quiet for `busyMs`.
      if (waking) return busyMs;
      const contact = lastContactAt === null ? Number.NEGATIVE_INFINITY : Date.parse(lastContactAt);
      const quietMs = Date.now() - Math.max(contact, this.heardAt);
      if (quietMs < busyMs) return busyMs - quietMs;
    }
    await this.deps.upstream.probe(timeoutMs, this.abort.signal);
    return this.deps.health.reachable ? busyMs : downMs;
  }
}
