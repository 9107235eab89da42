import * as z from 'zod/mini';
import { countParam, jobListQuerySchema } from '@/contract/studio-api';
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
  /** `me`, a person's id, or `''` for anyone's jobs. */
  maker: string;
  /** A collection's id, or `''` for every job. */
  collection: string;
  /** Days, `2026-01-31`, on the browser's clock. */
  from: string;
  to: string;
  /** Jobs per page; `''` for the default. Only the URL sets it. */
  limit: string;
  /** Jobs the gallery keeps loaded around the screen; `''` for the default. URL only. */
  window: string;
}

/** The URL's fields in its order, each named as the issues name it. */
const LABELS = {
  q: 'Search',
  operation: 'Operation',
  status: 'Status',
  favourite: 'Favourites',
  maker: 'Made by (maker)',
  collection: 'Collection',
  from: 'From',
  to: 'To',
  limit: 'Page size (limit)',
  window: 'Gallery window (window)',
} as const satisfies Record<keyof LibraryParams, string>;
export type LibraryField = keyof typeof LABELS;
const KEYS = Object.keys(LABELS) as LibraryField[];
const LISTS: readonly LibraryField[] = ['operation', 'status'];
/** What sets how results load, not which: Clear all keeps them. */
const PAGING: readonly LibraryField[] = ['limit', 'window'];

export function paramsFromSearch(search: string): LibraryParams {
  const p = new URLSearchParams(search);
  const read = (k: LibraryField) => {
    const v = p.get(k) ?? '';
    return LISTS.includes(k) ? v.split(',').filter((x) => x !== '') : v;
  };
  return Object.fromEntries(KEYS.map((k) => [k, read(k)])) as unknown as LibraryParams;
}

/** A field's value as the URL writes it: a list comma-separated. */
const valueOf = (params: LibraryParams, k: LibraryField): string => {
  const raw = params[k];
  return typeof raw === 'string' ? raw : raw.join(',');
};

// Commas stay readable in the address bar; everything else is encoded.
const encode = (v: string): string => encodeURIComponent(v).replace(/%2C/gi, ',');

/** The URL's query for the state, in a fixed order, leaving out what is not set. */
export const searchFromParams = (params: LibraryParams): string =>
  KEYS.flatMap((k) =>
    valueOf(params, k) === '' ? [] : [`${k}=${encode(valueOf(params, k))}`],
  ).join('&');

/** Clear all: every filter off; the page and window sizes are not filters, so they stay. */
export const clearFilters = (params: LibraryParams): LibraryParams => ({
  ...paramsFromSearch(''),
  limit: params.limit,
  window: params.window,
});

/** True when anything but the page and window sizes narrows the list. */
export const hasFilters = (params: LibraryParams): boolean =>
  KEYS.some((k) => !PAGING.includes(k) && params[k].length > 0);

/** A day on the browser's clock (the studio's `from` and `to` also take instants). */
const localDay = z.string().check(
  z.refine((day) => localDayStart(day) !== null, {
    error: (iss) => `“${String(iss.input)}” is not a date; use a day like 2026-01-31`,
  }),
);

/**
 * The URL's query as `GET /studio-api/jobs` takes it (its search, lists and page size, with
 * their bounds and messages), with the library's own days, favourites only, and the
 * gallery's window of jobs (which the studio never sees).
 */
const studio = jobListQuerySchema.shape;
const libraryQuerySchema = z.object({
  q: studio.q,
  operation: studio.operation,
  status: studio.status,
  favourite: z.optional(
    z.literal('true', {
      error: 'only favourite=true is allowed (favourites only); leave it out for every job',
    }),
  ),
  maker: studio.maker,
  collection: studio.collection,
  from: z.optional(localDay),
  to: z.optional(localDay),
  limit: studio.limit,
  window: z.optional(countParam(100_000, 'jobs')),
});

export interface LibraryIssue {
  field: LibraryField;
  /** A sentence naming the field and what it takes. */
  message: string;
}

export type CheckedParams =
  | { ok: true; filter: JobFilter; limit: number; windowJobs: number | undefined }
  | { ok: false; issues: LibraryIssue[] };

/**
 * One sentence per field, the schema's message after the field's name; the values of a
 * list it does not take are named (`Status: “done” is not allowed; must be one of ...`).
 */
function issuesOf(error: z.core.$ZodError, params: LibraryParams): LibraryIssue[] {
  const fields = new Set(error.issues.map((i) => i.path[0] as LibraryField));
  return [...fields].map((field) => {
    const own = error.issues.filter((i) => i.path[0] === field);
    const bad = own.flatMap(({ path: [, at] }) =>
      typeof at === 'number' ? [`“${params[field][at]}”`] : [],
    );
    const values = bad.length ? `${bad.join(', ')} ${bad[1] ? 'are' : 'is'} not allowed; ` : '';
    return { field, message: `${LABELS[field]}: ${values}${own[0]?.message ?? 'is not valid'}.` };
  });
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Checks the state before anything is fetched, with a message per problem that names the
 * field and what it takes; the studio would refuse most of these too, but not a range that
 * ends before it starts, which it would answer with no jobs.
 */
export function checkParams(params: LibraryParams): CheckedParams {
  // A blank search is no search.
  const set = KEYS.filter((k) => (k === 'q' ? params.q.trim() : valueOf(params, k)) !== '');
  const result = libraryQuerySchema.safeParse(
    Object.fromEntries(set.map((k) => [k, valueOf(params, k)])),
  );
  const issues = result.success ? [] : issuesOf(result.error, params);
  const { from, to } = params;
  // Same-length ISO days compare as strings.
  if (from && to && localDayStart(from) && localDayStart(to) && to < from) {
    issues.push({ field: 'to', message: `To: must be on or after the From date (${from}).` });
  }
  if (!result.success || issues.length > 0) return { ok: false, issues };
  const {
    q,
    operation,
    status,
    favourite,
    maker,
    collection,
    from: first,
    to: last,
    limit,
    window,
  } = result.data;
  const filter = defined({
    q,
    operations: operation,
    statuses: status,
    favourite: favourite && true,
    maker,
    collection,
    from: first,
    to: last,
  });
  return { ok: true, filter, limit, windowJobs: window };
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
  if (filter.maker) parts.push(filter.maker === 'me' ? 'Mine' : 'One person’s');
  if (filter.collection) parts.push('In one collection');
  if (filter.from && filter.to) {
    parts.push(filter.from === filter.to ? `on ${filter.from}` : `${filter.from} to ${filter.to}`);
  } else if (filter.from) parts.push(`since ${filter.from}`);
  else if (filter.to) parts.push(`until ${filter.to}`);
  return parts.join(' · ');
}
