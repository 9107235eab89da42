export interface Backoff {
  /** The wait after the first failure. */
  firstMs: number;
  /** How much longer each wait is than the one before (2: doubling). */
  factor?: number;
  /** The longest wait. */
  maxMs?: number;
}

/**
 * The wait after failure number `failures` (1-based): `firstMs`, then `factor` times the
 * wait before, up to `maxMs`. Exponential, so a receiver or service that is down for a
 * while is asked less and less often, and one that is back is found soon after.
 */
export function backoffMs(failures: number, { firstMs, factor = 2, maxMs }: Backoff): number {
  const ms = firstMs * factor ** Math.max(0, failures - 1);
  return maxMs === undefined ? ms : Math.min(maxMs, ms);
}
