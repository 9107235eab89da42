import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TaskStatus, TaskType } from '@/contract/task';
import type { StoreDialect } from './dialect';
import { JOB_COLUMNS, jobColumnsOf } from './rows';
import type { Db } from './schema';
import { reused } from './reused';
import type { MediaRetention } from './shared-store';

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
  /** The jobs one person made (their id). */
  maker?: string;
  /** The jobs with a result in one collection (its handle). */
  collection?: string;
}

/** A job of the history by its handle; a deleted one is gone. */
export const GET_JOB = reused(['handle'], (db, _d, v: { handle: string }) =>
  db
    .selectFrom('jobs')
    .select(JOB_COLUMNS)
    .where('handle', '=', v.handle)
    .where('deleted_at', 'is', null),
);

/** The job whose callback URL carries this token. */
export const HOOK_JOB = reused(['token'], (db, _d, v: { token: string }) =>
  db.selectFrom('jobs').select(JOB_COLUMNS).where('hook_token', '=', v.token),
);

/** The jobs the upstream is still working on, oldest first: every poller pass asks. */
export const ACTIVE_JOBS = reused([], (db) =>
  db
    .selectFrom('jobs')
    .select(['handle', 'upstream_id', 'hook_token'])
    .where(sql<SqlBool>`status NOT IN ('completed', 'failed')`)
    .where('create_state', 'is', null)
    .orderBy('seq'),
);

/** How many of the newest rows a search looks through before it asks the word index. */
const SEARCH_WINDOW = 2000;

/**
 * The filter's conditions on a table named `jobs`, values bound; `seq` is the job's order
 * as the page reads it. A create still on its way upstream is no job yet: it shows once
 * its outcome is known (or while it waits in the studio's queue).
 */
function conditions(f: HistoryFilter, seq: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const c = [
    sql<SqlBool>`jobs.deleted_at IS NULL`,
    // A queued create being sent stays in view: the browser has known it since it queued.
    sql<SqlBool>`(jobs.create_state IS NULL OR jobs.create_state <> 'sending'
      OR jobs.queue_position = 0)`,
    sql<SqlBool>`${seq} < ${f.beforeSeq ?? Number.MAX_SAFE_INTEGER}`,
  ];
  if (f.afterSeq !== undefined) c.push(sql`${seq} > ${f.afterSeq}`);
  if (f.operations?.length) c.push(sql`jobs.operation IN (${sql.join(f.operations)})`);
  if (f.statuses?.length) c.push(sql`jobs.status IN (${sql.join(f.statuses)})`);
  if (f.fromMs !== undefined) c.push(sql`jobs.created_ms >= ${f.fromMs}`);
  if (f.toMs !== undefined) c.push(sql`jobs.created_ms < ${f.toMs}`);
  if (f.favourite !== undefined) c.push(sql`jobs.favourite = ${f.favourite ? 1 : 0}`);
  if (f.maker !== undefined) c.push(sql`jobs.created_by = ${f.maker}`);
  if (f.collection !== undefined) {
    c.push(sql`EXISTS (SELECT 1 FROM collection_items ci
      JOIN collections co ON co.id = ci.collection_id
      WHERE co.handle = ${f.collection} AND ci.job_handle = jobs.handle)`);
  }
  return c;
}

/**
 * A page from rows fetched one more than the page holds, newest first; `more` says
 * whether more jobs lie beyond it: older ones, or newer ones for a page above a job.
 */
function pageOf<T>(rows: readonly T[], f: HistoryFilter): { jobs: T[]; more: boolean } {
  const jobs = rows.slice(0, f.limit);
  if (f.afterSeq !== undefined) jobs.reverse();
  return { jobs, more: rows.length > f.limit };
}

/**
 * One page of the history's rows, newest first, and whether more follow. A page above a
 * job (`afterSeq`) takes the oldest of the newer jobs. A search reads as its database's
 * index is best read (`d.search`); where the newest rows come first, a page they fill is
 * the same page (they are the newest matches), found without the index.
 */
export async function readPage(
  db: Db,
  d: StoreDialect,
  f: HistoryFilter,
): Promise<{ jobs: unknown[]; more: boolean }> {
  const search = f.search === undefined ? null : d.search.matching(f.search);
  const seq = search?.seq ?? sql`jobs.seq`;
  const where = sql.join(
    search ? [...conditions(f, seq), search.where] : conditions(f, seq),
    sql` AND `,
  );
  const order = sql.raw(f.afterSeq === undefined ? 'DESC' : 'ASC');
  const page = (from: RawBuilder<unknown>) =>
    sql`SELECT ${sql.raw(jobColumnsOf('jobs'))} FROM ${from} WHERE ${where}
      ORDER BY ${seq} ${order} LIMIT ${f.limit + 1}`.execute(db);
  let rows: unknown[] | null = null;
  if (search?.newestFirst && f.afterSeq === undefined) {
    const before = f.beforeSeq ?? Number.MAX_SAFE_INTEGER;
    const recent = await page(
      sql`(SELECT * FROM jobs WHERE seq < ${before} ORDER BY seq DESC LIMIT ${SEARCH_WINDOW}) jobs`,
    );
    if (recent.rows.length > f.limit) rows = recent.rows;
  }
  rows ??= (await page(search?.from ?? sql`jobs`)).rows;
  return pageOf(rows, f);
}

/** Chains deeper than this are not made by people; the bound also stops any cycle. */
const MAX_DEPTH = 500;

/** A job's ancestors, root first, and its children: rows of JOB_COLUMNS. */
export async function readLineage(
  db: Db,
  handle: string,
): Promise<{ ancestors: unknown[]; children: unknown[] }> {
  const up = sql`WITH RECURSIVE up(h, p, depth) AS (
      SELECT handle, parent_handle, 0 FROM jobs WHERE handle = ${handle}
      UNION ALL
      SELECT j.handle, j.parent_handle, up.depth + 1
      FROM jobs j JOIN up ON j.handle = up.p
      WHERE up.depth < ${MAX_DEPTH}
    )
    SELECT ${sql.raw(jobColumnsOf('jobs'))} FROM up JOIN jobs ON jobs.handle = up.h
    WHERE up.depth > 0 AND jobs.deleted_at IS NULL
    ORDER BY up.depth DESC`.execute(db);
  const down = db
    .selectFrom('jobs')
    .select(JOB_COLUMNS)
    .where('parent_handle', '=', handle)
    .where('deleted_at', 'is', null)
    .orderBy('seq')
    .execute();
  const [ancestors, children] = await Promise.all([up, down]);
  return { ancestors: ancestors.rows, children };
}

/** Values bound in one IN list at most. */
const IN_LIST_MAX = 500;

/**
 * What losing each job's cached media would cost (see `MediaRetention`): a job created
 * before `expiredBeforeMs` is past the upstream's TTL.
 */
export async function readRetention(
  db: Db,
  handles: readonly string[],
  expiredBeforeMs: number,
): Promise<Map<string, MediaRetention>> {
  const kept = new Map<string, MediaRetention>();
  for (let i = 0; i < handles.length; i += IN_LIST_MAX) {
    const rows = await db
      .selectFrom('jobs')
      .select(['handle', 'upstream_gone', 'added_ms'])
      .where('handle', 'in', handles.slice(i, i + IN_LIST_MAX))
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) {
      const gone = r.upstream_gone === 1 || r.added_ms < expiredBeforeMs;
      kept.set(r.handle, gone ? 'lost' : 'refetchable');
    }
  }
  return kept;
}
