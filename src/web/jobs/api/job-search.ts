import type { Job } from '@/contract/studio-api';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { localDayStart } from '@/web/jobs/api/job-filter';

/**
 * The query string of `GET /studio-api/jobs` for a filter and page. Days become the
 * instants they start and end on the browser's clock; `to` names the first instant after
 * the last day, which the studio excludes.
 */
export function jobListParams(
  filter: JobFilter,
  limit: number,
  page: { cursor?: string; after?: string } = {},
): string {
  const p = new URLSearchParams();
  if (page.cursor !== undefined) p.set('cursor', page.cursor);
  if (page.after !== undefined) p.set('after', page.after);
  p.set('limit', String(limit));
  const q = filter.q?.trim();
  if (q) p.set('q', q);
  if (filter.operations?.length) p.set('operation', filter.operations.join(','));
  if (filter.statuses?.length) p.set('status', filter.statuses.join(','));
  if (filter.favourite !== undefined) p.set('favourite', String(filter.favourite));
  if (filter.maker !== undefined) p.set('maker', filter.maker);
  if (filter.collection !== undefined) p.set('collection', filter.collection);
  const from = filter.from ? localDayStart(filter.from) : null;
  if (from) p.set('from', from);
  const to = filter.to ? localDayStart(filter.to, 1) : null;
  if (to) p.set('to', to);
  return p.toString();
}

/** The filter alone (no page, no size), as the export of everything it matches takes it. */
export function exportQuery(filter: JobFilter): string {
  const p = new URLSearchParams(jobListParams(filter, 1));
  p.delete('limit');
  return p.toString();
}

/** As many words as the studio's search reads (proxy/store/history.ts). */
const MAX_TERMS = 12;
const ASCII_WORD = /^[a-z0-9]+$/;

/**
 * Whether the prompt may match a search. It answers false only when it is sure: for ASCII
 * words in an ASCII prompt, where the server's tokenizer (alphanumeric runs, lower-cased)
 * is known exactly. Anything else (diacritics, other scripts) is a maybe.
 */
export function promptMightMatch(prompt: string, q: string): boolean {
  const words = (q.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS).map((w) => w.toLowerCase());
  if (words.length === 0) return true;
  if (/[\u0080-\u{10ffff}]/u.test(prompt)) return true;
  const tokens = prompt.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.every((w) => !ASCII_WORD.test(w) || tokens.some((t) => t.startsWith(w)));
}

const createdMs = (iso: string | null): number | null => {
  const ms = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Whether a job may belong to a filtered list. False is certain, so a job event can drop a
 * job from a list, or skip a refetch, without asking the server; true may still be a miss.
 */
export function jobMightMatch(job: Job, filter: JobFilter): boolean {
  if (filter.operations?.length && !filter.operations.includes(job.operation)) return false;
  if (filter.statuses?.length && !filter.statuses.includes(job.status)) return false;
  if (filter.favourite !== undefined && (job.favourite ?? false) !== filter.favourite) return false;
  // `me` is known to the studio; another person's id, here too.
  if (filter.maker !== undefined && filter.maker !== 'me' && job.maker?.id !== filter.maker) {
    return false;
  }
  const created = createdMs(job.createdAt);
  const from = createdMs(filter.from ? localDayStart(filter.from) : null);
  const to = createdMs(filter.to ? localDayStart(filter.to, 1) : null);
  if (created !== null && from !== null && created < from) return false;
  if (created !== null && to !== null && created >= to) return false;
  return filter.q ? promptMightMatch(job.prompt, filter.q) : true;
}
