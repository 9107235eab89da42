import type { UpstreamStatus } from '@/contract/studio-api';

/** Answers that mean the service itself is down behind its gateway, not one bad request. */
const DOWN_STATUSES = new Set([502, 503, 504]);

/**
 * Whether the upstream answers, learnt from every request the client makes (and from the
 * probe): a refused connection, a timeout or a gateway's 502/503/504 says it is down; any
 * other answer says it is back. This is the one state the studio has of the service: the
 * `status` event carries it to the header, and the create guard reads what the header
 * shows. Only a change of state is announced, so browsers hear of an outage once and of
 * the recovery once.
 *
 * Any answer says at once that the service is back. A failure says it is down unless its
 * request was sent before the last answer arrived: a read that times out after a later
 * probe was answered, or a refusal that took longer to come back, is older news.
 */
export class UpstreamHealth {
  private state: UpstreamStatus = { reachable: true, lastContactAt: null, reason: null };
  /** When the last answer arrived. */
  private answeredAt = Number.NEGATIVE_INFINITY;
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

  /** The upstream answered with this HTTP status, to a request sent at `sentAt`. */
  answered(status: number, sentAt: number = this.now()): void {
    if (DOWN_STATUSES.has(status)) {
      return this.unreachable(
        `The image service answered that it is unavailable (${status}).`,
        sentAt,
      );
    }
    const was = this.state.reachable;
    this.answeredAt = this.now();
    this.state = {
      reachable: true,
      lastContactAt: new Date(this.answeredAt).toISOString(),
      reason: null,
    };
    if (!was) this.changed();
  }

  /**
   * No answer to a request sent at `sentAt`: the connection was refused or broken, or the
   * answer did not come in time.
   */
  unreachable(reason: string, sentAt: number = this.now()): void {
    if (sentAt < this.answeredAt) return;
    const changed = this.state.reachable || this.state.reason !== reason;
    this.state = { ...this.state, reachable: false, reason };
    if (changed) this.changed();
  }
}
