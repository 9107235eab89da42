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
