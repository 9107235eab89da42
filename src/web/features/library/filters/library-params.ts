import type { TaskStatus, TaskType } from '@/contract/task';
import { TASK_STATUSES, TASK_TYPES } from '@/contract/task';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { localDayStart } from '@/web/jobs/api/job-filter';
import { OPERATION_GROUPS, OPERATION_TYPES, STATUS_CHOICES, choiceLabel } from './filter-options';

/**
 * The library's state exactly as the URL holds it (`#/library?q=lig&status=completed`),
 * before it is checked: the controls show what was asked, right or wrong. The names are
 * those of `GET /studio-api/jobs`.
 */
export interface LibraryParams {
  q: string;
  operation: readonly string[];
  status: readonly string[];
  /** `'true'` for favourites only; `''` for every job. */
  favourite: string;
  /** Days, `2026-01-31`, on the browser's clock. */
  from: string;
  to: string;
  /** Jobs per page; `''` for the default. Only the URL sets it. */
  limit: string;
  /** Jobs the gallery keeps loaded around the screen; `''` for the default. URL only. */
  window: string;
}

const NO_PARAMS: LibraryParams = {
  q: '',
  operation: [],
  status: [],
  favourite: '',
  from: '',
  to: '',
  limit: '',
  window: '',
};

const KEYS = ['q', 'operation', 'status', 'favourite', 'from', 'to', 'limit', 'window'] as const;
/** What sets how results load, not which: Clear all keeps them. */
const PAGING: readonly LibraryField[] = ['limit', 'window'];
export type LibraryField = (typeof KEYS)[number];

const csv = (v: string | null): string[] => (v ?? '').split(',').filter((x) => x !== '');

export function paramsFromSearch(search: string): LibraryParams {
  const p = new URLSearchParams(search);
  return {
    q: p.get('q') ?? '',
    operation: csv(p.get('operation')),
    status: csv(p.get('status')),
    favourite: p.get('favourite') ?? '',
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
    limit: p.get('limit') ?? '',
    window: p.get('window') ?? '',
  };
}

// Commas stay readable in the address bar; everything else is encoded.
const encode = (v: string): string => encodeURIComponent(v).replace(/%2C/gi, ',');

/** The URL's query for the state, in a fixed order, leaving out what is not set. */
export function searchFromParams(params: LibraryParams): string {
  return KEYS.flatMap((k) => {
    const raw = params[k];
    const v = typeof raw === 'string' ? raw : raw.join(',');
    return v === '' ? [] : [`${k}=${encode(v)}`];
  }).join('&');
}

/** Clear all: every filter off; the page and window sizes are not filters, so they stay. */
export const clearFilters = (params: LibraryParams): LibraryParams => ({
  ...NO_PARAMS,
  limit: params.limit,
  window: params.window,
});

/** True when anything but the page and window sizes narrows the list. */
export const hasFilters = (params: LibraryParams): boolean =>
  KEYS.some((k) => !PAGING.includes(k) && params[k].length > 0);

const DEFAULT_PAGE_SIZE = 50;
const Q_MAX = 200;
const LIMIT_MAX = 200;
const WINDOW_MAX = 100_000;

export interface LibraryIssue {
  field: LibraryField;
  /** A sentence naming the field and what it takes. */
  message: string;
}

export type CheckedParams =
  | { ok: true; filter: JobFilter; limit: number; windowJobs: number | undefined }
  | { ok: false; issues: LibraryIssue[] };

/**
 * A count the URL may set, from 1 to `max`: `fallback` when not given; anything else adds
 * `message` to the issues.
 */
function checkedCount<F extends number | undefined>(
  issues: LibraryIssue[],
  field: LibraryField,
  v: string,
  c: { fallback: F; max: number; message: string },
): number | F {
  if (v === '') return c.fallback;
  const n = /^\d{1,6}$/.test(v) ? Number(v) : NaN;
  if (!(n >= 1 && n <= c.max)) issues.push({ field, message: c.message });
  return n;
}

const isTaskType = (v: string): v is TaskType => (TASK_TYPES as readonly string[]).includes(v);
const isStatus = (v: string): v is TaskStatus => (TASK_STATUSES as readonly string[]).includes(v);

function unknownValues(
  field: LibraryField,
  label: string,
  bad: string[],
  allowed: readonly string[],
) {
  const what = bad.map((v) => `“${v}”`).join(', ');
  return {
    field,
    message: `${label}: ${what} ${bad.length === 1 ? 'is' : 'are'} not allowed; use any of ${allowed.join(', ')}.`,
  };
}

function dayIssues(params: LibraryParams): LibraryIssue[] {
  const issues: LibraryIssue[] = [];
  const real = (day: string) => localDayStart(day) !== null;
  for (const [field, label] of [
    ['from', 'From'],
    ['to', 'To'],
  ] as const) {
    const day = params[field];
    if (day && !real(day)) {
      issues.push({
        field,
        message: `${label}: “${day}” is not a date; use a day like 2026-01-31.`,
      });
    }
  }
  const { from, to } = params;
  // Same-length ISO days compare as strings.
  if (from && to && real(from) && real(to) && to < from) {
    issues.push({ field: 'to', message: `To: must be on or after the From date (${from}).` });
  }
  return issues;
}

/**
 * Checks the state before anything is fetched, with a message per problem that names the
 * field and what it takes; the studio would refuse most of these too, but not a range that
 * ends before it starts, which it would answer with no jobs.
 */
export function checkParams(params: LibraryParams): CheckedParams {
  const issues: LibraryIssue[] = [];
  const q = params.q.trim();
  if (q.length > Q_MAX) {
    issues.push({
      field: 'q',
      message: `Search: at most ${Q_MAX} characters; this one has ${q.length}.`,
    });
  }
  const badOps = params.operation.filter((v) => !isTaskType(v));
  if (badOps.length) issues.push(unknownValues('operation', 'Operation', badOps, TASK_TYPES));
  const badStatus = params.status.filter((v) => !isStatus(v));
  if (badStatus.length) issues.push(unknownValues('status', 'Status', badStatus, TASK_STATUSES));
  if (params.favourite !== '' && params.favourite !== 'true') {
    issues.push({
      field: 'favourite',
      message:
        'Favourites: only favourite=true is allowed (favourites only); leave it out for every job.',
    });
  }
  issues.push(...dayIssues(params));
  const limit = checkedCount(issues, 'limit', params.limit, {
    fallback: DEFAULT_PAGE_SIZE,
    max: LIMIT_MAX,
    message: `Page size (limit): must be a whole number from 1 to ${LIMIT_MAX}.`,
  });
  const windowJobs = checkedCount(issues, 'window', params.window, {
    fallback: undefined,
    max: WINDOW_MAX,
    message: `Gallery window (window): must be a whole number of jobs from 1 to ${WINDOW_MAX}.`,
  });
  if (issues.length > 0) return { ok: false, issues };
  const filter: JobFilter = {
    ...(q ? { q } : {}),
    ...(params.operation.length ? { operations: params.operation.filter(isTaskType) } : {}),
    ...(params.status.length ? { statuses: params.status.filter(isStatus) } : {}),
    ...(params.favourite === 'true' ? { favourite: true } : {}),
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
  };
  return { ok: true, filter, limit, windowJobs };
}

/** What a filter searched, in words: `“lig” · Videos · Completed · Favourites only`. */
export function describeFilter(filter: JobFilter): string {
  const parts: string[] = [];
  if (filter.q) parts.push(`“${filter.q}”`);
  if (filter.operations?.length) {
    parts.push(choiceLabel(filter.operations, [...OPERATION_GROUPS, ...OPERATION_TYPES]));
  }
  if (filter.statuses?.length) parts.push(choiceLabel(filter.statuses, STATUS_CHOICES));
  if (filter.favourite) parts.push('Favourites only');
  if (filter.from && filter.to) {
    parts.push(filter.from === filter.to ? `on ${filter.from}` : `${filter.from} to ${filter.to}`);
  } else if (filter.from) parts.push(`since ${filter.from}`);
  else if (filter.to) parts.push(`until ${filter.to}`);
  return parts.join(' · ');
}
