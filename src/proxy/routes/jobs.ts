import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { createBatchSchema } from '@/contract/create-batch';
import { createJobSchema } from '@/contract/create-job-schema';
import {
  handleSchema,
  jobListQuerySchema,
  type JobList,
  type JobListQuery,
} from '@/contract/studio-api';
import { EVENT_POSITION_HEADER } from '@/contract/event-position';
import { callerOf } from '../auth/access';
import type { EventHub } from '../browser-events/hub';
import { createJob } from '../jobs/create';
import { createBatch, type BatchDeps } from '../jobs/create-batch';
import { IdempotentCreates } from '../jobs/idempotency';
import type { JobRecord } from '../model/record';
import type { Makers } from '../model/makers';
import type { Caller } from '../model/people';
import type { HistoryFilter } from '../store/history-reads';
import { invalidRequest, jobNotFound } from '../studio-error';
import { jsonBodyLimit, rejectInvalid, rejectUnknownJob, requireJson } from './validate';
import { BATCH_BODY_LIMIT } from './body-limits';

const CURSOR_RE = /^\d{1,15}$/;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The query as a store filter; a day given as `to` includes the whole day, and the maker
 * `me` is the caller.
 */
export function historyFilter(q: JobListQuery, caller: Caller): HistoryFilter {
  if (q.cursor !== undefined && !CURSOR_RE.test(q.cursor)) {
    throw invalidRequest('cursor: must be the nextCursor of an earlier page');
  }
  if (q.after !== undefined && !CURSOR_RE.test(q.after)) {
    throw invalidRequest('after: must be the prevCursor of an earlier page');
  }
  if (q.after !== undefined && q.cursor !== undefined) {
    throw invalidRequest('after: give either cursor (older jobs) or after (newer jobs), not both');
  }
  const toMs = q.to === undefined ? undefined : Date.parse(q.to) + (DAY_RE.test(q.to) ? DAY_MS : 0);
  return {
    // The cursor is a sequence number, so new jobs arriving never shift a page.
    beforeSeq: q.cursor === undefined ? null : Number(q.cursor),
    ...(q.after !== undefined ? { afterSeq: Number(q.after) } : {}),
    limit: q.limit,
    ...(q.operation ? { operations: q.operation } : {}),
    ...(q.status ? { statuses: q.status } : {}),
    ...(q.from !== undefined ? { fromMs: Date.parse(q.from) } : {}),
    ...(toMs !== undefined ? { toMs } : {}),
    ...(q.favourite !== undefined ? { favourite: q.favourite } : {}),
    ...(q.q !== undefined ? { search: q.q } : {}),
    ...(q.maker !== undefined ? { maker: q.maker === 'me' ? caller.id : q.maker } : {}),
    ...(q.collection !== undefined ? { collection: q.collection } : {}),
  };
}
/**
 * A page and the cursors of its neighbours. Below a page lie older jobs when the store
 * says so (or, above a job, always: the page it was asked above); above it newer ones
 * unless it is the newest page (or, above a job, the store found no more).
 */
export async function pageCursors(
  q: JobListQuery,
  page: { jobs: JobRecord[]; more: boolean },
  makers: Makers,
): Promise<JobList> {
  const first = page.jobs[0];
  const last = page.jobs.at(-1);
  const above = q.after !== undefined;
  const older = above || page.more;
  const newer = above ? page.more : q.cursor !== undefined;
  // An empty page above a job ends where that job's page begins.
  const end = last ? String(last.seq) : above ? String(Number(q.after) + 1) : null;
  return {
    jobs: await makers.jobs(page.jobs),
    nextCursor: older ? end : null,
    prevCursor: newer && first ? String(first.seq) : null,
  };
}

const idParam = z.object({ id: handleSchema });

/** `/studio-api/jobs`: the history (newest first), one job, and creating jobs. */
export function jobsRoutes(
  deps: BatchDeps & { makers: Makers; hub: Pick<EventHub, 'position'> },
): Hono {
  const app = new Hono();
  const idempotent = new IdempotentCreates(deps.history);

  app.get('/', zValidator('query', jobListQuerySchema, rejectInvalid(deps.redact)), async (c) => {
    const query = c.req.valid('query');
    // Where the event stream stood before the read: a page that opens its stream from
    // there is sent every change the list may have missed (`EVENT_POSITION_HEADER`).
    const position = deps.hub.position;
    const page = await deps.history.list(historyFilter(query, callerOf(c)));
    c.header(EVENT_POSITION_HEADER, position);
    return c.json(await pageCursors(query, page, deps.makers));
  });

  app.get('/:id', zValidator('param', idParam, rejectUnknownJob), async (c) => {
    const job = await deps.history.get(c.req.valid('param').id);
    if (!job) throw jobNotFound();
    return c.json({ job: await deps.makers.job(job) });
  });

  app.post(
    '/',
    jsonBodyLimit(256 * 1024),
    requireJson,
    zValidator('json', createJobSchema, rejectInvalid(deps.redact)),
    async (c) => {
      const input = c.req.valid('json');
      const by = callerOf(c).id;
      const key = c.req.header('idempotency-key') || null;
      const job = await (key === null
        ? createJob(deps, input, null, by)
        : idempotent.run(key, input, (claim) => createJob(deps, input, claim, by), by));
      // Accepted, not made yet: the create waits in the studio's queue.
      return c.json({ job: await deps.makers.job(job) }, job.createState === 'queued' ? 202 : 200);
    },
  );

  // 1 to BATCH_LIMIT creates, taken into the studio's queue at once (jobs/create-batch.ts).
  app.post(
    '/batch',
    jsonBodyLimit(BATCH_BODY_LIMIT),
    requireJson,
    zValidator('json', createBatchSchema, rejectInvalid(deps.redact)),
    async (c) => {
      const jobs = await createBatch(deps, c.req.valid('json'), callerOf(c).id);
      return c.json({ jobs: await deps.makers.jobs(jobs) }, 202);
    },
  );

  return app;
}
