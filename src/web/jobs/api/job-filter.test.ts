import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayStart } from './job-filter';

// A zone with an offset and a DST change, so a UTC-only reading of a day would fail.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('localDayStart', () => {
  it('is local midnight of the day, as an instant with a zone', () => {
    expect(localDayStart('2026-01-31')).toBe('2026-01-31T05:00:00.000Z');
    expect(localDayStart('2026-07-04')).toBe('2026-07-04T04:00:00.000Z');
  });

  it('moves by whole local days, across month ends and DST', () => {
    expect(localDayStart('2026-01-31', 1)).toBe('2026-02-01T05:00:00.000Z');
    // 2026-03-08 is 23 hours long in New York.
    expect(localDayStart('2026-03-08', 1)).toBe('2026-03-09T04:00:00.000Z');
  });

  it('reads years below 100 as written', () => {
    expect(localDayStart('0050-06-01')?.startsWith('0050-06-01T')).toBe(true);
  });

  it('refuses what is not a real day', () => {
    for (const day of [
      '2026-02-30',
      '2026-13-01',
      '2026-1-5',
      'yesterday',
      '',
      '2026-01-31T00:00Z',
    ]) {
      expect(localDayStart(day)).toBeNull();
    }
  });
});
