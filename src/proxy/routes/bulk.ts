import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import {
  bulkRequestSchema,
  type BulkAction,
  type ParsedBulkRequest,
  type BulkResult,
} from '@/contract/bulk';
import type { Logger, Redactor } from '../log';
import { callerOf } from '../auth/access';
import type { MediaCache } from '../media/cache';
import type { ThumbCache } from '../media/thumbs';
import { mayChangeJob, type Caller } from '../model/people';
import { isDeletable, type JobRecord } from '../model/record';
import type { StoredQueue } from '../store/queue';
import type { HistoryStore } from '../store/shared-store';
import { historyFilter } from './jobs';
import { audited, type AuditLog } from './audited';
import { rejectInvalid, requireJson } from './validate';
import { othersJobs } from '../studio-error';

interface BulkDeps {
  history: Pick<HistoryStore, 'get' | 'list' | 'setFavourites' | 'removeMany'>;
  media: Pick<MediaCache, 'removeJob'>;
  thumbs: Pick<ThumbCache, 'removeJob'>;
  log: Logger;
  redact: Redactor;
  audit: AuditLog;
  queue: Pick<StoredQueue, 'cancel'>;
}

/**
 * Jobs are read and changed this many at a time, each batch one short transaction, so a
 * filter that matches 100,000 jobs holds neither the database nor the memory for long.
 */
const BATCH = 200;

/** The jobs named (those the history holds), or every job the filter matches, in batches. */
async function* batches(history: BulkDeps['history'], req: ParsedBulkRequest, caller: Caller) {
  if (req.ids) {
    const ids = [...new Set(req.ids)];
    for (let i = 0; i < ids.length; i += BATCH) {
      const found = await Promise.all(ids.slice(i, i + BATCH).map((id) => history.get(id)));
      yield found.filter((j): j is JobRecord => j !== null);
    }
    return;
  }
  let cursor = req.filter?.cursor;
  for (;;) {
    const page = await history.list(historyFilter({ ...req.filter, cursor, limit: BATCH }, caller));
    yield page.jobs;
    const last = page.jobs.at(-1);
    if (!page.more || !last) return;
    // By sequence: the jobs this batch changed or deleted do not shift the next one.
    cursor = String(last.seq);
  }
}

/**
 * Jobs named by handle that someone else made, for a member: the whole request is
 * refused (403 naming them) and nothing changes. A filter's matches are not named by the
 * caller, so there the others' jobs are left (`skipped`) instead.
 */
async function refuseOthers(
  history: BulkDeps['history'],
  ids: readonly string[],
  caller: Caller,
): Promise<void> {
  if (caller.role !== 'member') return;
  const others: string[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const found = await Promise.all(ids.slice(i, i + BATCH).map((id) => history.get(id)));
    for (const j of found) if (j && !mayChangeJob(caller, j.createdBy)) others.push(j.handle);
  }
  if (others.length > 0) throw othersJobs(others, 'change or delete');
}

/**
 * One batch: what changed (or would), and what was left: the running jobs a delete
 * leaves, and, for a member, every job someone else made.
 */
async function applyTo(
  deps: BulkDeps,
  action: BulkAction,
  batch: JobRecord[],
  dryRun: boolean,
  caller: Caller,
): Promise<{ changed: number; skipped: number }> {
  const jobs = batch.filter((j) => mayChangeJob(caller, j.createdBy));
  const others = batch.length - jobs.length;
  if (action === 'delete') {
    const handles = jobs.filter(isDeletable).map((j) => j.handle);
    const queued = jobs.filter((j) => j.createState === 'queued').map((j) => j.handle);
    let cancelled = dryRun ? queued.length : 0;
    if (!dryRun && handles.length > 0) {
      await deps.history.removeMany(handles);
      for (const handle of handles) {
        // Thumbnails first: one being made reads the original until it is done.
        await deps.thumbs.removeJob(handle);
        await deps.media.removeJob(handle);
      }
    }
    // A queued create is cancelled as the single delete cancels it; one sent meanwhile stays.
    if (!dryRun) for (const handle of queued) if (await deps.queue.cancel(handle)) cancelled++;
    const changed = handles.length + cancelled;
    return { changed, skipped: batch.length - changed };
  }
  const on = action === 'favourite';
  if (dryRun) return { changed: jobs.filter((j) => j.favourite !== on).length, skipped: others };
  const flipped =
    jobs.length === 0
      ? []
      : await deps.history.setFavourites(
          jobs.map((j) => j.handle),
          on,
        );
  return { changed: flipped.length, skipped: others };
}

/**
 * `POST /studio-api/jobs/bulk`: favourite, unfavourite or delete the jobs named by `ids`
 * (at most `BULK_MAX_IDS`) or every job a filter matches (the library's filters), in
 * batches; `dryRun` counts instead. A delete forgets each finished job with its cached
 * media and thumbnails, as the single delete does, cancels each queued one (never sent,
 * nothing charged, its budget reservation released), and leaves running ones (`skipped`).
 * The browser's undo is its own: it sends the delete when the undo time is over.
 * Who may call it: a member, an admin or an owner (auth/access.ts), same-origin only,
 * since it is a POST; a member naming a job someone else made is refused (403 naming it,
 * nothing changed), and a member's filter leaves the jobs others made (`skipped`).
 */
export function bulkRoutes(deps: BulkDeps): Hono {
  const app = new Hono();
  const body = zValidator('json', bulkRequestSchema, rejectInvalid(deps.redact));
  app.post('/bulk', requireJson, body, async (c) => {
    const req = c.req.valid('json');
    const caller = callerOf(c);
    const dryRun = req.dryRun === true;
    const result: BulkResult = {
      action: req.action,
      matched: 0,
      changed: 0,
      skipped: 0,
      cursor: null,
    };
    if (req.ids) await refuseOthers(deps.history, req.ids, caller);
    for await (const jobs of batches(deps.history, req, caller)) {
      const newest = jobs[0];
      // Pages come newest first: the first job seen bounds what a later request may touch.
      if (req.filter && newest && result.cursor === null) result.cursor = String(newest.seq + 1);
      const done = await applyTo(deps, req.action, jobs, dryRun, caller);
      result.matched += jobs.length;
      result.changed += done.changed;
      result.skipped += done.skipped;
    }
    if (req.filter && result.cursor === null) result.cursor = req.filter.cursor ?? null;
    if (!dryRun) {
      deps.log.info('bulk action', { ...result, cursor: undefined });
      const { matched, changed, skipped } = result;
      await audited(c, deps.audit, {
        action: req.action === 'delete' ? 'jobs_deleted' : req.action,
        detail: { bulk: true, matched, changed, skipped },
      });
    }
    return c.json(result);
  });
  return app;
}
