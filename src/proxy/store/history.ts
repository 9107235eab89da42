import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { TaskStatus, TaskType } from '@/contract/task';
import type { JobRecord } from '../model/record';
import { JOB_COLUMNS, toRecord } from './rows';
import { prepared } from '@/server/sqlite';

export interface HistoryFilter {
  /** Continue after the last job of the previous page (its `seq`). */
  beforeSeq: number | null;
  /** The page just above a job (its `seq`): the `limit` oldest of the newer jobs. */
  afterSeq?: number;
  limit: number;
  operations?: readonly TaskType[];
  statuses?: readonly TaskStatus[];
  /** Creation time, inclusive, in ms. */
  fromMs?: number;
  /** Creation time, exclusive, in ms. */
  toMs?: number;
  favourite?: boolean;
  search?: string;
}

const MAX_TERMS = 12;

/** The words of a prompt or a search, as FTS5's unicode61 tokenizer cuts them. */
const wordsOf = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The user's words as an FTS5 query: each word a quoted prefix, all required. Quoting
 * means nothing typed can be read as FTS syntax (NEAR, column filters, `*`, `"`).
 */
export function ftsQuery(text: string): string | null {
  const terms = wordsOf(text)
    .slice(0, MAX_TERMS)
    .map((w) => `"${w}"*`);
  return terms.length === 0 ? null : terms.join(' ');
}

/**
 * A word as SQLite's index keeps it (`unicode61 remove_diacritics 2`): lower case, without
 * accents, so that Postgres, which has no such tokenizer built in, keeps the same words.
 */
const folded = (word: string): string =>
  word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();

/** A prompt's words for Postgres's index (a tsvector built from them as they are). */
export const searchWords = (prompt: string): string[] => [...new Set(wordsOf(prompt).map(folded))];

/**
 * The same search as `ftsQuery` for Postgres: each word a prefix (`:*`), all required.
 * Words hold only letters and digits, so quoting them is all a tsquery needs.
 */
function tsQuery(text: string): string | null {
  const terms = wordsOf(text)
    .slice(0, MAX_TERMS)
    .map((w) => `'${folded(w)}':*`);
  return terms.length === 0 ? null : terms.join(' & ');
}

export type Dialect = 'sqlite' | 'postgres';

/** The WHERE clause and parameters for a filter; only fixed SQL, values bound. */
export function historyWhere(
  f: HistoryFilter,
  dialect: Dialect,
): { sql: string; params: Record<string, unknown> } {
  // A create still on its way upstream is no job yet: it shows once its outcome is known.
  const isNot = dialect === 'sqlite' ? 'IS NOT' : 'IS DISTINCT FROM';
  const parts = ['deleted_at IS NULL', `create_state ${isNot} 'sending'`, 'seq < @before'];
  const params: Record<string, unknown> = { before: f.beforeSeq ?? Number.MAX_SAFE_INTEGER };
  if (f.afterSeq !== undefined) {
    parts.push('seq > @after');
    params.after = f.afterSeq;
  }
  const list = (name: string, column: string, values: readonly string[] | undefined) => {
    if (!values?.length) return;
    const keys = values.map((v, i) => {
      params[`${name}${i}`] = v;
      return `@${name}${i}`;
    });
    parts.push(`${column} IN (${keys.join(', ')})`);
  };
  list('op', 'operation', f.operations);
  list('st', 'status', f.statuses);
  if (f.fromMs !== undefined) {
    parts.push('created_ms >= @from');
    params.from = f.fromMs;
  }
  if (f.toMs !== undefined) {
    parts.push('created_ms < @to');
    params.to = f.toMs;
  }
  if (f.favourite !== undefined) parts.push(`favourite = ${f.favourite ? 1 : 0}`);
  const match =
    f.search === undefined ? null : (dialect === 'sqlite' ? ftsQuery : tsQuery)(f.search);
  if (match !== null) {
    parts.push(
      dialect === 'sqlite'
        ? 'seq IN (SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH @match)'
        : 'prompt_words @@ CAST(@match AS tsquery)',
    );
    params.match = match;
  }
  return { sql: parts.join(' AND '), params };
}

/**
 * A page's query for `historyWhere`'s clause; `@limit` is one more than the page holds. A
 * page above a job (`afterSeq`) takes the oldest of the newer jobs: see `pageOf`.
 */
export const historyPage = (where: string, f: HistoryFilter): string =>
  `SELECT ${JOB_COLUMNS} FROM jobs WHERE ${where}
   ORDER BY seq ${f.afterSeq === undefined ? 'DESC' : 'ASC'} LIMIT @limit`;

/**
 * A page from `historyPage`'s rows (one more than the page holds), newest first; `more`
 * says whether more jobs lie beyond it: older ones, or newer ones for a page above a job.
 */
export function pageOf<T>(rows: readonly T[], f: HistoryFilter): { jobs: T[]; more: boolean } {
  const jobs = rows.slice(0, f.limit);
  if (f.afterSeq !== undefined) jobs.reverse();
  return { jobs, more: rows.length > f.limit };
}

/** One page of the history, newest first, and whether more follow. */
export function listJobs(
  db: Database.Database,
  f: HistoryFilter,
  expiredBeforeMs: number,
): { jobs: JobRecord[]; more: boolean } {
  const { sql, params } = historyWhere(f, 'sqlite');
  const rows = prepared(db, historyPage(sql, f)).all({ ...params, limit: f.limit + 1 });
  const page = pageOf(rows, f);
  return { jobs: page.jobs.map((r) => toRecord(r, expiredBeforeMs)), more: page.more };
}

/** Chains deeper than this are not made by people; the bound also stops any cycle. */
const MAX_DEPTH = 500;

/** A job's ancestors (`@handle`), root first; the same SQL in both dialects. */
export const ANCESTORS = `WITH RECURSIVE up(h, p, depth) AS (
    SELECT handle, parent_handle, 0 FROM jobs WHERE handle = @handle
    UNION ALL
    SELECT j.handle, j.parent_handle, up.depth + 1
    FROM jobs j JOIN up ON j.handle = up.p
    WHERE up.depth < ${MAX_DEPTH}
  )
  SELECT ${JOB_COLUMNS} FROM up JOIN jobs ON jobs.handle = up.h
  WHERE up.depth > 0 AND jobs.deleted_at IS NULL
  ORDER BY up.depth DESC`;

export const CHILDREN = `SELECT ${JOB_COLUMNS} FROM jobs
  WHERE parent_handle = @handle AND deleted_at IS NULL ORDER BY seq`;

/**
 * The jobs a job derives from, root first, walking through deleted ones (they keep their
 * row while they have children) without returning them; and its direct children.
 */
export function lineageOf(
  db: Database.Database,
  handle: string,
  expiredBeforeMs: number,
): { ancestors: JobRecord[]; children: JobRecord[] } {
  const ancestors = prepared(db, ANCESTORS).all({ handle });
  const children = prepared(db, CHILDREN).all({ handle });
  const record = (r: unknown) => toRecord(r, expiredBeforeMs);
  return { ancestors: ancestors.map(record), children: children.map(record) };
}

/**
 * Deletes a job and what hangs on it (its idempotency key, its links to uploads). A job
 * with children keeps an empty row, so that their lineage still holds; a parent that was
 * kept only for this job goes with it. Run inside a transaction.
 */
export function removeFromHistory(db: Database.Database, handle: string): void {
  prepared(db, 'DELETE FROM idempotency_keys WHERE handle = ?').run(handle);
  prepared(db, 'DELETE FROM job_uploads WHERE handle = ?').run(handle);
  for (let h: string | null = handle; h !== null;) h = removeOne(db, h, h === handle);
}

/** Removes one row or empties it; returns a deleted parent that may go too. */
function removeOne(db: Database.Database, handle: string, asked: boolean): string | null {
  const row = z
    .object({ parent_handle: z.string().nullable(), deleted_at: z.string().nullable() })
    .optional()
    .parse(prepared(db, 'SELECT parent_handle, deleted_at FROM jobs WHERE handle = ?').get(handle));
  if (!row || (!asked && row.deleted_at === null)) return null;
  const hasChildren =
    prepared(db, 'SELECT 1 FROM jobs WHERE parent_handle = ? LIMIT 1').get(handle) !== undefined;
  if (hasChildren) {
    prepared(
      db,
      `UPDATE jobs SET deleted_at = COALESCE(deleted_at, ?), prompt = '', output_json = NULL,
         task_json = NULL, error_json = NULL, dims_json = '{}', hook_token = NULL,
         upstream_id = '', favourite = 0, params_json = NULL
       WHERE handle = ?`,
    ).run(new Date().toISOString(), handle);
    return null;
  }
  prepared(db, 'DELETE FROM jobs WHERE handle = ?').run(handle);
  return row.parent_handle;
}
