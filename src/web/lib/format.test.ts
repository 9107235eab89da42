import { describe, expect, it, vi } from 'vitest';
import { formatAmount, formatRelativeTime, formatUsd, formatNumber } from './format';

const at = Date.parse('2025-01-01T12:00:00Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2025-01-01T12:00:00Z', 'just now'],
    ['2025-01-01T12:00:05Z', 'just now'], // a server clock slightly ahead
    ['2025-01-01T11:59:30Z', '30 s ago'],
    ['2025-01-01T11:57:00Z', '3 min ago'],
    ['2025-01-01T10:00:00Z', '2 h ago'],
    ['2024-12-29T12:00:00Z', '3 d ago'],
    ['2024-11-03T12:00:00Z', 'Nov 3'],
    ['not a date', ''],
  ])('%s → %s', (iso, text) => {
    expect(formatRelativeTime(iso, at)).toBe(text);
  });
});

describe('formatAmount', () => {
  it('groups digits and pluralises the unit', () => {
    expect(formatAmount(1, 'credit')).toBe('1 credit');
    expect(formatAmount(12500, 'credit')).toBe('12,500 credits');
    expect(formatAmount(80, 'point')).toBe('80 points');
    expect(formatAmount(0, 'points')).toBe('0 points');
  });
});

describe('formatUsd', () => {
  it('shows dollars and cents', () => {
    expect(formatUsd(12.5)).toBe('$12.50');
  });
});

describe('formatNumber', () => {
  it('reads as en-US does, the whole numbers it writes itself included', () => {
    const intl = new Intl.NumberFormat('en-US');
    const samples = [0, -0, 1, 7, 42, 999, 1000, 1234, 8192, 12_345, 123_456, 1_000_000, -1];
    samples.push(-999, -1000, -123_456_789, 2.5, 0.1, 999.5, -1234.5, Number.MAX_SAFE_INTEGER);
    samples.push(Number.MIN_SAFE_INTEGER, 2 ** 60, Number.NaN, Infinity);
    for (const n of samples) expect(formatNumber(n)).toBe(intl.format(n));
    // Every length of a number, so that every place a group can start is tried.
    for (let n = 7, k = 0; k < 16; n = n * 10 + ((k * 7) % 10), k++) {
      expect(formatNumber(n)).toBe(intl.format(n));
      expect(formatNumber(-n)).toBe(intl.format(-n));
    }
  });
});

describe('the first screen’s figures', () => {
  it('are written without making an Intl formatter, which costs the page its locale data', async () => {
    const real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = new Proxy(real, {
      construct: (target, args: Parameters<typeof Intl.NumberFormat>) => {
        made++;
        return new target(...args);
      },
    });
    try {
      vi.resetModules();
      const fresh = await import('./format');
      for (const n of [0, 80, 999, 8192, -1234, 1_000_000]) fresh.formatNumber(n);
      fresh.formatRelativeTime('2025-03-01T10:00:00Z', Date.parse('2025-04-01T10:00:00Z'));
      expect(made).toBe(0);
      expect(fresh.formatNumber(2.5)).toBe('2.5');
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = real;
    }
  });
});

describe('formatRelativeTime past a week', () => {
  it('gives the month and day as en-US does, in every month', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    for (let m = 0; m < 12; m++) {
      const then = new Date(2025, m, m + 3, 9, 30);
      const now = then.getTime() + 30 * 86_400_000;
      expect(formatRelativeTime(then.toISOString(), now)).toBe(intl.format(then));
    }
  });
});
