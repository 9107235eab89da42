/**
 * The user's local days in an IANA time zone, as instants: where each day starts and
 * ends, so that spending can be grouped by day in SQL with plain ranges of `created_ms`.
 * A day is not always 24 hours (daylight saving), and midnight may not exist (zones that
 * change their clocks at 00:00), so each start is looked up rather than added.
 */

export interface LocalDay {
  /** `2026-03-29`, the date on the user's calendar. */
  day: string;
  /** First instant of the day, in ms since the epoch. */
  startMs: number;
  /** First instant of the next day. */
  endMs: number;
}

const HOUR = 3_600_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at instant `ms`, read back as if it were UTC. */
function wallClock(ms: number, timeZone: string): number {
  const n: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(ms)) {
    if (p.type !== 'literal') n[p.type] = Number(p.value);
  }
  const at = (k: string) => n[k] ?? 0;
  return Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'));
}

/** How far the zone's clock is ahead of UTC at `ms` (whole seconds; zones use no finer). */
const offsetMs = (ms: number, timeZone: string): number =>
  wallClock(ms, timeZone) - Math.floor(ms / 1000) * 1000;

const dayKey = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/**
 * The first instant whose local date is the day of `wall` (a UTC midnight standing for a
 * local date). The offset just before, at and after midnight give the candidates; the
 * earliest one that falls on that date is the start (later than midnight in a gap).
 */
function dayStart(wall: number, timeZone: string): number {
  const key = dayKey(wall);
  const candidates = [-12 * HOUR, 0, 12 * HOUR].map((d) => wall - offsetMs(wall + d, timeZone));
  const onDay = candidates.filter((t) => dayKey(wallClock(t, timeZone)) === key);
  return onDay.length > 0 ? Math.min(...onDay) : Math.max(...candidates);
}

/** Day lists by zone, length and today: they change only at local midnight. */
const computed = new Map<string, readonly LocalDay[]>();
const COMPUTED_LIMIT = 64;

/** The last `count` local days up to and including the one of `nowMs`, oldest first. */
export function localDays(timeZone: string, count: number, nowMs: number): readonly LocalDay[] {
  const today = wallClock(nowMs, timeZone);
  const todayMidnight = today - (today % (24 * HOUR));
  const key = `${timeZone}|${count}|${todayMidnight}`;
  const known = computed.get(key);
  if (known) return known;
  const days = Object.freeze(daysBefore(todayMidnight, count, timeZone));
  if (computed.size >= COMPUTED_LIMIT) computed.clear();
  computed.set(key, days);
  return days;
}

function daysBefore(todayMidnight: number, count: number, timeZone: string): LocalDay[] {
  const midnight = (k: number) => todayMidnight - k * 24 * HOUR;
  const days: LocalDay[] = [];
  let end = dayStart(midnight(-1), timeZone);
  for (let k = 0; k < count; k++) {
    const startMs = dayStart(midnight(k), timeZone);
    days.push({ day: dayKey(midnight(k)), startMs, endMs: end });
    end = startMs;
  }
  return days.reverse();
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * An instant as local ISO 8601 with the zone's offset: `2026-03-29T03:15:00+02:00`. The
 * offset is looked up once per quarter hour of time (`cache`, which a long export reuses):
 * zones change their clocks on the hour, the half or the quarter.
 */
export function localIso(ms: number, timeZone: string, cache?: Map<number, number>): string {
  const quarter = Math.floor(ms / (HOUR / 4));
  let offset = cache?.get(quarter);
  if (offset === undefined) {
    offset = offsetMs(ms, timeZone);
    cache?.set(quarter, offset);
  }
  const local = new Date(ms + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}
