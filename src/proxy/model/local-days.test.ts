import { describe, expect, it } from 'vitest';
import { localDays, localIso } from './local-days';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

describe('localDays', () => {
  it('gives UTC days in UTC, oldest first, ending with today', () => {
    const days = localDays('UTC', 3, at('2026-05-03T10:00:00Z'));
    expect(days.map((d) => [d.day, iso(d.startMs), iso(d.endMs)])).toEqual([
      ['2026-05-01', '2026-05-01T00:00:00.000Z', '2026-05-02T00:00:00.000Z'],
      ['2026-05-02', '2026-05-02T00:00:00.000Z', '2026-05-03T00:00:00.000Z'],
      ['2026-05-03', '2026-05-03T00:00:00.000Z', '2026-05-04T00:00:00.000Z'],
    ]);
  });

  it('uses the calendar of the zone: late evening in UTC is already tomorrow in Tokyo', () => {
    const now = at('2026-05-03T20:00:00Z');
    expect(localDays('Asia/Tokyo', 1, now)[0]).toEqual({
      day: '2026-05-04',
      startMs: at('2026-05-03T15:00:00Z'),
      endMs: at('2026-05-04T15:00:00Z'),
    });
    expect(localDays('America/Los_Angeles', 1, now)[0]?.day).toBe('2026-05-03');
    expect(localDays('Asia/Kathmandu', 1, now)[0]?.startMs).toBe(at('2026-05-03T18:15:00Z'));
  });

  it('has a 23-hour and a 25-hour day where Berlin changes its clocks', () => {
    const spring = localDays('Europe/Berlin', 3, at('2026-03-30T12:00:00Z'));
    expect(spring.map((d) => [d.day, (d.endMs - d.startMs) / HOUR])).toEqual([
      ['2026-03-28', 24],
      ['2026-03-29', 23],
      ['2026-03-30', 24],
    ]);
    expect(iso(spring[1]?.startMs ?? 0)).toBe('2026-03-28T23:00:00.000Z');
    const autumn = localDays('Europe/Berlin', 2, at('2026-10-26T12:00:00Z'));
    expect(autumn.map((d) => (d.endMs - d.startMs) / HOUR)).toEqual([25, 24]);
  });

  it('starts a day whose midnight does not exist at the first instant it has', () => {
    // Chile moves its clocks from 00:00 to 01:00 on the first Sunday of September.
    const [day] = localDays('America/Santiago', 1, at('2026-09-06T18:00:00Z'));
    expect(day?.day).toBe('2026-09-06');
    expect(iso(day?.startMs ?? 0)).toBe('2026-09-06T04:00:00.000Z');
    expect((day?.endMs ?? 0) - (day?.startMs ?? 0)).toBe(23 * HOUR);
  });

  it('tiles the range with no gap and no overlap over 90 days of any zone', () => {
    for (const tz of ['UTC', 'Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe']) {
      const days = localDays(tz, 90, at('2026-11-15T12:00:00Z'));
      expect(days).toHaveLength(90);
      days.slice(1).forEach((d, i) => expect(d.startMs, `${tz} ${d.day}`).toBe(days[i]?.endMs));
      expect(new Set(days.map((d) => d.day)).size).toBe(90);
    }
  });
});

describe('localIso', () => {
  it('writes the local time with the offset of that instant', () => {
    const cache = new Map<number, number>();
    expect(localIso(at('2026-03-29T00:59:59Z'), 'Europe/Berlin', cache)).toBe(
      '2026-03-29T01:59:59+01:00',
    );
    expect(localIso(at('2026-03-29T01:00:00Z'), 'Europe/Berlin', cache)).toBe(
      '2026-03-29T03:00:00+02:00',
    );
    expect(localIso(at('2026-05-03T20:00:00Z'), 'America/St_Johns')).toBe(
      '2026-05-03T17:30:00-02:30',
    );
    expect(localIso(at('2026-05-03T20:00:00Z'), 'UTC')).toBe('2026-05-03T20:00:00+00:00');
  });
});
