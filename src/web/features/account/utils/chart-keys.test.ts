import { describe, expect, it } from 'vitest';
import { nextDay } from './chart-keys';

const DAYS = ['2026-05-01', '2026-05-02', '2026-05-03'];

describe('nextDay', () => {
  it('walks the days with the arrow keys and stops at either end', () => {
    expect(nextDay(DAYS, '2026-05-02', 'ArrowLeft')).toBe('2026-05-01');
    expect(nextDay(DAYS, '2026-05-01', 'ArrowLeft')).toBe('2026-05-01');
    expect(nextDay(DAYS, '2026-05-02', 'ArrowRight')).toBe('2026-05-03');
    expect(nextDay(DAYS, '2026-05-03', 'ArrowRight')).toBe('2026-05-03');
  });

  it('starts from the last day, jumps with Home and End, hides on Escape', () => {
    expect(nextDay(DAYS, null, 'ArrowLeft')).toBe('2026-05-03');
    expect(nextDay(DAYS, '2026-05-02', 'Home')).toBe('2026-05-01');
    expect(nextDay(DAYS, '2026-05-01', 'End')).toBe('2026-05-03');
    expect(nextDay(DAYS, '2026-05-02', 'Escape')).toBeNull();
  });

  it('leaves other keys alone, and an empty range has no day', () => {
    expect(nextDay(DAYS, '2026-05-02', 'Tab')).toBeUndefined();
    expect(nextDay([], null, 'End')).toBeNull();
  });
});
