import { backoffMs } from '@/server/backoff';

/**
 * At most `max` attempts per `windowMs` for each key (the client's address). Memory is
 * bounded: keys whose attempts have all aged out are dropped as they are met.
 */
export class RateLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an attempt; returns null when allowed, else the seconds until the next one. */
  attempt(key: string, now = Date.now()): number | null {
    this.sweep(now);
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      const oldest = recent[0] ?? now;
      return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    return null;
  }

  private sweep(now: number): void {
    if (this.hits.size < 1000) return;
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
    }
  }
}

/**
 * Failed sign-ins from every address together. `free` failures within `windowMs` are
 * allowed; the one that fills the window pauses all sign-ins for `windowMs`, and each
 * further pause that follows soon after lasts twice as long as the one before (up to
 * `maxMs`). Only failures count, so a pause ends for everyone at once, and a quiet spell of
 * `maxMs` after a pause forgives the doubling. Memory is a handful of numbers.
 */
export class FailureBackoff {
  private failures: number[] = [];
  private pausedUntil = 0;
  private pauses = 0;

  constructor(
    private readonly free: number,
    private readonly windowMs: number,
    private readonly maxMs: number,
    state: BackoffState | null = null,
  ) {
    if (state)
      ({ failures: this.failures, pausedUntil: this.pausedUntil, pauses: this.pauses } = state);
  }

  /** What it remembers, to be kept where every replica sees it. */
  get state(): BackoffState {
    return { failures: [...this.failures], pausedUntil: this.pausedUntil, pauses: this.pauses };
  }

  /** Seconds until a sign-in may be checked again, or null when one may be now. */
  wait(now = Date.now()): number | null {
    return now < this.pausedUntil ? Math.max(1, Math.ceil((this.pausedUntil - now) / 1000)) : null;
  }

  /** Counts a failed sign-in; returns the seconds of the pause it starts, if it starts one. */
  failed(now = Date.now()): number | null {
    if (now >= this.pausedUntil + this.maxMs) this.pauses = 0;
    this.failures = this.failures.filter((t) => now - t < this.windowMs);
    this.failures.push(now);
    if (this.failures.length < this.free) return null;
    const pauseMs = backoffMs(this.pauses + 1, { firstMs: this.windowMs, maxMs: this.maxMs });
    this.pauses += 1;
    this.failures = [];
    this.pausedUntil = now + pauseMs;
    return Math.ceil(pauseMs / 1000);
  }
}

/** `FailureBackoff`'s memory: a handful of numbers. */
export interface BackoffState {
  failures: number[];
  pausedUntil: number;
  pauses: number;
}

/** The states one sign-in attempt reads and writes: the whole studio's, and its account's. */
export interface SignInStates<S = BackoffState | null> {
  studio: S;
  /** The state of the account the attempt names (by its email); null when it names none. */
  account: S | null;
}

/**
 * Where the sign-in backoff's states live: the shared database, so that replicas behind
 * one balancer count failures together, and a restart forgives nothing.
 */
export interface BackoffStore {
  /**
   * Reads, changes and writes the studio's state and `account`'s (an email as its key, or
   * null) as one step for every replica: attempts at once take turns.
   */
  update<R>(
    account: string | null,
    change: (states: SignInStates) => Promise<{ states: SignInStates<BackoffState>; result: R }>,
  ): Promise<R>;
}
