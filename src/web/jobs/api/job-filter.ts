import type { TaskStatus, TaskType } from '@/contract/task';

/**
 * A checked filter of the job history, shared by the library (which reads it from the URL)
 * and the jobs layer (which fetches it). Every field is optional and they combine.
 */
export interface JobFilter {
  /** Prompt search: whole words, each a prefix. */
  q?: string;
  operations?: readonly TaskType[];
  statuses?: readonly TaskStatus[];
  /** True: favourites only. */
  favourite?: boolean;
  /** The jobs one person made: `me`, or a person's id. */
  maker?: string;
  /** The jobs with a result in one collection (its id). */
  collection?: string;
  /** First day, `2026-01-31`, in the browser's time zone. */
  from?: string;
  /** Last day, included. */
  to?: string;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a local calendar day starts, `days` later, as ISO 8601 with a zone: the
 * studio reads a bare day as UTC, but people mean the day on their own clock.
 */
export function localDayStart(day: string, days = 0): string | null {
  const m = DAY_RE.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  // setFullYear, not the constructor: that one reads years 0-99 as 1900-1999.
  date.setFullYear(y, mo - 1, d);
  date.setHours(0, 0, 0, 0);
  // 2026-02-30 rolls over to March: not a real day.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  if (days !== 0) date.setDate(d + days);
  return date.toISOString();
}
