import { createLoop } from '@/server/loop';
import type { Logger } from '../log';
import type { UpstreamClient } from './client';
import type { UpstreamHealth } from './health';

interface ProbeTiming {
  /** Between probes while the service is thought down: recovery is seen this soon. */
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
  health: Pick<UpstreamHealth, 'reachable' | 'status'>;
  /** Whether anything waits on the service (running jobs): only then is it probed. */
  busy: () => boolean | Promise<boolean>;
  log: Logger;
  timing?: ProbeTiming;
}

/**
 * Asks the service whether it answers while jobs run, since with callbacks the poller may
 * not read a job for minutes and an outage would go unseen; and, once it is down, every
 * second until it answers again. The client's own requests tell the health the rest of
 * the time. A small loop: start, stop (awaits the probe in flight), notify.
 */
export class UpstreamProbe {
  private readonly abort = new AbortController();
  /** The last pass found nothing to watch, and waits the long idle interval. */
  private idle = false;
  private readonly loop = createLoop({
    pass: () => this.pass(),
    maxWaitMs: IDLE_MS,
    onError: (err) => this.deps.log.error('upstream probe failed', { err }),
  });

  constructor(private readonly deps: ProbeDeps) {}

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

  private async pass(): Promise<number> {
    const { downMs, busyMs, timeoutMs } = this.deps.timing ?? PROBE_TIMING;
    const { reachable, lastContactAt } = this.deps.health.status;
    const waking = this.idle;
    this.idle = reachable && !(await this.deps.busy());
    if (this.idle) return IDLE_MS;
    // Just woken by a create, or the service answered another request moments ago:
    // nothing to learn from a probe yet.
    const recent = lastContactAt !== null && Date.now() - Date.parse(lastContactAt) < busyMs;
    if (reachable && (waking || recent)) return busyMs;
    await this.deps.upstream.probe(timeoutMs, this.abort.signal);
    return this.deps.health.reachable ? busyMs : downMs;
  }
}
