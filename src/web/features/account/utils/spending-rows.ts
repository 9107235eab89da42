import type { Spending } from '@/contract/spending';
import type { TaskType } from '@/contract/task';
import { taskTypeLabel } from '@/web/lib/task-labels';

/** More series than this are hard to tell apart: the smallest are stacked as "Other". */
export const MAX_SERIES = 8;
const OTHER = 'other';

/** What the per-day chart stacks: operations, or the people who made the jobs. */
export type SpendingSplit = 'operation' | 'person';

/** One stacked series of the per-day chart, with its CSS colour variable. */
export interface Series {
  /** An operation, a person's id, or `other`. */
  key: TaskType | string;
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

/** Each operation's or person's key, name and consumed credits, most consumed first. */
const partsOf = (spending: Spending, split: SpendingSplit) =>
  split === 'operation'
    ? spending.operations.map((o) => ({
        key: o.operation,
        label: taskTypeLabel(o.operation),
        consumed: o.consumed,
      }))
    : spending.people.map((p) => ({ key: p.id, label: p.name, consumed: p.consumed }));

/** The series to stack: operations (or people) by what they consumed, the smallest merged. */
export function seriesOf(spending: Spending, split: SpendingSplit = 'operation'): Series[] {
  const spent = partsOf(spending, split).filter((o) => o.consumed > 0);
  const own = spent.length > MAX_SERIES ? spent.slice(0, MAX_SERIES - 1) : spent;
  const series: Series[] = own.map((o, i) => ({
    key: o.key,
    label: o.label,
    color: `var(--chart-op-${i + 1})`,
  }));
  if (own.length < spent.length) {
    series.push({ key: OTHER, label: 'Other', color: `var(--chart-op-${MAX_SERIES})` });
  }
  return series;
}

/** The chart's rows: every day of the range, each series' credits (0 when none). Keys that
 * are not a series' (the smallest, or a person's id equal to no series) count as Other. */
export function dayRows(
  spending: Spending,
  series: readonly Series[],
  split: SpendingSplit = 'operation',
): DayRow[] {
  const own = new Set<string>(series.map((s) => s.key));
  return spending.daily.map((d) => {
    const row: DayRow = { day: d.day, label: formatDay(d.day), total: d.consumed };
    for (const s of series) row[s.key] = 0;
    const parts = split === 'operation' ? d.byOperation : d.byPerson;
    for (const [op, credits] of Object.entries(parts)) {
      const key = own.has(op) ? op : OTHER;
      row[key] = (Number(row[key]) || 0) + (credits ?? 0);
    }
    return row;
  });
}
