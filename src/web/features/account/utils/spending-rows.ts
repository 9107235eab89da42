import type { Spending } from '@/contract/spending';
import type { TaskType } from '@/contract/task';
import { taskTypeLabel } from '@/web/lib/task-labels';

/** More series than this are hard to tell apart: the smallest are stacked as "Other". */
export const MAX_SERIES = 8;
const OTHER = 'other';

/** One stacked series of the per-day chart, with its CSS colour variable. */
export interface Series {
  key: TaskType | typeof OTHER;
  label: string;
  /** `var(--chart-op-N)`: colours come from the theme, so a light theme needs no change here. */
  color: string;
}

/** One bar of the chart: a local day, and the credits each series consumed on it. */
export type DayRow = { day: string; label: string; total: number } & Record<
  string,
  number | string
>;

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `2026-05-03` → `May 3` (the day is already the user's; no zone shift on top). */
export const formatDay = (day: string): string => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** The series to stack: operations by what they consumed, the smallest merged. */
export function seriesOf(spending: Spending): Series[] {
  const spent = spending.operations.filter((o) => o.consumed > 0);
  const own = spent.length > MAX_SERIES ? spent.slice(0, MAX_SERIES - 1) : spent;
  const series: Series[] = own.map((o, i) => ({
    key: o.operation,
    label: taskTypeLabel(o.operation),
    color: `var(--chart-op-${i + 1})`,
  }));
  if (own.length < spent.length) {
    series.push({ key: OTHER, label: 'Other', color: `var(--chart-op-${MAX_SERIES})` });
  }
  return series;
}

/** The chart's rows: every day of the range, each series' credits (0 when none). */
export function dayRows(spending: Spending, series: readonly Series[]): DayRow[] {
  const own = new Set<string>(series.map((s) => s.key));
  return spending.daily.map((d) => {
    const row: DayRow = { day: d.day, label: formatDay(d.day), total: d.consumed };
    for (const s of series) row[s.key] = 0;
    for (const [op, credits] of Object.entries(d.byOperation)) {
      const key = own.has(op) ? op : OTHER;
      row[key] = (Number(row[key]) || 0) + (credits ?? 0);
    }
    return row;
  });
}
