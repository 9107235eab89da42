import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  createJobSchema,
  handleSchema,
  jobListQuerySchema,
  type JobList,
} from '../../contract/studio-api';
import { createJob, type CreateDeps } from '../jobs/create';
import { IdempotentCreates } from '../jobs/idempotency';
import { toJob } from '../jobs/to-job';
import { invalidRequest, jobNotFound } from '../studio-error';
import { jsonBodyLimit, rejectInvalid, rejectUnknownJob } from './validate';

const CURSOR_RE = /^\d{1,15}$/;
const idParam = z.object({ id: handleSchema });

/** `/studio-api/jobs`: the history (newest first), one job, and creating jobs. */
export function jobsRoutes(deps: CreateDeps): Hono {
  const app = new Hono();
  const idempotent = new IdempotentCreates(deps.store);

  app.get('/', zValidator('query', jobListQuerySchema, rejectInvalid(deps.redact)), (c) => {
    const { cursor, limit } = c.req.valid('query');
    if (cursor !== undefined && !CURSOR_RE.test(cursor)) {
      throw invalidRequest('cursor: must be the nextCursor of an earlier page');
    }
    // The cursor is a sequence number, so new jobs arriving never shift a page.
    const page = deps.store.list(cursor === undefined ? null : Number(cursor), limit);
    const last = page.jobs.at(-1);
    const body: JobList = {
      jobs: page.jobs.map(toJob),
      nextCursor: page.more && last ? String(last.seq) : null,
    };
    return c.json(body);
  });

  app.get('/:id', zValidator('param', idParam, rejectUnknownJob), (c) => {
    const job = deps.store.get(c.req.valid('param').id);
    if (!job) throw jobNotFound();
    return c.json({ job: toJob(job) });
  });

  app.post(
    '/',
    jsonBodyLimit(256 * 1024),
    zValidator('json', createJobSchema, rejectInvalid(deps.redact)),
    async (c) => {
      const input = c.req.valid('json');
      const key = c.req.header('idempotency-key') || null;
      const create = () => createJob(deps, input);
      const job = await (key === null ? create() : idempotent.run(key, input, create));
      return c.json({ job: toJob(job) });
    },
  );

  return app;
}
