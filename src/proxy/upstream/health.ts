import type { UpstreamStatus } from '@/contract/studio-api';

/** Answers that mean the service itself is down behind its gateway, not one bad request. */
const DOWN_STATUSES = new Set([502, 503, 504]);

/**
 * Whether the upstream answers, learnt from every request the client makes (and from the
 * probe while jobs run): a refused connection, a timeout or a gateway's 502/503/504 says it
 * is down; any other answer says it is back. Only a change of state is announced, so
 * browsers hear of an outage once and of the recovery once.
 */
export class UpstreamHealth {
  private state: UpstreamStatus = { reachable: true, lastContactAt: null, reason: null };
  private readonly watchers = new Set<(status: UpstreamStatus) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Calls `fn` at each change between reachable and not (and of the reason). */
  watch(fn: (status: UpstreamStatus) => void): void {
    this.watchers.add(fn);
  }

  private changed(): void {
    for (const fn of this.watchers) fn(this.state);
  }

  get status(): UpstreamStatus {
    return this.state;
  }

  get reachable(): boolean {
    return this.state.reachable;
  }

  /** The upstream answered with this HTTP status. */
  answered(status: number): void {
    if (DOWN_STATUSES.has(status)) {
      return this.unreachable(`The image service answered that it is unavailable (${status}).`);
    }
    const was = this.state.reachable;
    this.state = {
      reachable: true,
      lastContactAt: new Date(this.now()).toISOString(),
      reason: null,
    };
    if (!was) this.changed();
  }

  /** No answer: the connection was refused or broken, or the answer did not come in time. */
  unreachable(reason: string): void {
    const changed = this.state.reachable || this.state.reason !== reason;
    this.state = { ...this.state, reachable: false, reason };
    if (changed) this.changed();
  }
}
