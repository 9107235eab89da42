/**
 * The day a key moves the chart's tooltip to: the arrow keys walk the days (from nowhere,
 * either starts at the last), Home and End jump to the first and last; Escape hides it
 * (null). Any other key is not the chart's (undefined).
 */
export function nextDay(days: readonly string[], day: string | null, key: string) {
  if (key === 'Escape') return null;
  const i = day === null ? -1 : days.indexOf(day);
  const last = days.length - 1;
  const to: Partial<Record<string, number>> = {
    ArrowLeft: i < 0 ? last : Math.max(0, i - 1),
    ArrowRight: i < 0 ? last : Math.min(last, i + 1),
    Home: 0,
    End: last,
  };
  const n = to[key];
  return n === undefined ? undefined : (days[n] ?? null);
}
