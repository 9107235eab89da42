import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';

const waits = (n: number, backoff: Parameters<typeof backoffMs>[1]) =>
  Array.from({ length: n }, (_, i) => backoffMs(i + 1, backoff));

describe('backoffMs', () => {
  it('doubles from the first wait', () => {
    expect(waits(7, { firstMs: 2000 })).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000,
    ]);
    // The engine's callback schedule: seven waits between eight attempts, about 4 minutes.
    expect(waits(7, { firstMs: 2000 }).reduce((a, b) => a + b) / 60_000).toBeCloseTo(4.2, 1);
  });

  it('grows by another factor and stops at the longest wait', () => {
    expect(waits(5, { firstMs: 700, factor: 1.5, maxMs: 2000 })).toEqual([
      700, 1050, 1575, 2000, 2000,
    ]);
    expect(waits(4, { firstMs: 60_000, maxMs: 150_000 })).toEqual([
      60_000, 120_000, 150_000, 150_000,
    ]);
  });

  it('waits the first wait for a count below one, never less', () => {
    expect(backoffMs(0, { firstMs: 250 })).toBe(250);
    expect(backoffMs(-3, { firstMs: 250 })).toBe(250);
  });
});
