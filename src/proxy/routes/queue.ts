import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { handleSchema } from '@/contract/studio-api';
import { callerOf } from '../auth/access';
import type { Logger } from '../log';
import type { Makers } from '../model/makers';
import { mayChangeJob } from '../model/people';
import type { JobRecord } from '../model/record';
import type { QueueMove, StoredQueue } from '../store/queue';
import type { HistoryStore } from '../store/shared-store';
import {
  StudioHttpError,
  invalidRequest,
  jobNotFound,
  othersJobs,
  studioError,
} from '../studio-error';
import { audited, type AuditLog } from './audited';
import { jsonBodyLimit, rejectInvalid, rejectUnknownJob, requireJson } from './validate';

export interface QueueDeps {
  history: HistoryStore;
  queue: Pick<StoredQueue, 'move' | 'cancel' | 'get'>;
  audit: AuditLog;
  log: Logger;
  makers: Makers;
  redact: (s: string) => string;
}

const idParam = z.object({ id: handleSchema });

const MOVE_FIELDS =
  'give either place (1 is next in line) or before (the id of another queued job)';

const PLACE = 'must be a whole number from 1 (next in line)';

/** Where to move a queued job: a place in line, or before another queued job. */
const moveSchema = z
  .object({
    place: z.number({ error: PLACE }).int({ error: PLACE }).min(1, { error: PLACE }).optional(),
    before: z.optional(handleSchema),
  })
  .strict();

const notQueued = () =>
  new StudioHttpError(
    studioError(
      409,
      'not_queued',
      'This job no longer waits in the queue: it was sent to the image service or cancelled.',
      'Reload the feed to see where it stands.',
    ),
  );

/**
 * Cancels a queued job (`DELETE /studio-api/jobs/:id` of a job that waits): it goes from
 * the queue and the history, its budget reservation is released, nothing was charged.
 */
export async function cancelQueued(c: Context, deps: QueueDeps, job: JobRecord) {
  if (!(await deps.queue.cancel(job.handle))) throw notQueued();
  deps.log.info('queued create cancelled', { handle: job.handle });
  await audited(c, deps.audit, {
    action: 'queue_cancelled',
    subject: job.handle,
    detail: { operation: job.operation, prompt: job.prompt, madeBy: job.createdBy },
  });
  return c.json({ deleted: job.handle });
}

/** `PUT /studio-api/jobs/:id/place`: moves a queued job to a place, or before another. */
export function queueRoutes(deps: QueueDeps): Hono {
  const app = new Hono();
  app.put(
    '/:id/place',
    zValidator('param', idParam, rejectUnknownJob),
    jsonBodyLimit(4096),
    requireJson,
    zValidator('json', moveSchema, rejectInvalid(deps.redact)),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      let to: QueueMove;
      if (body.place !== undefined && body.before === undefined) to = { place: body.place };
      else if (body.before !== undefined && body.place === undefined) to = { before: body.before };
      else throw invalidRequest(`place, before: ${MOVE_FIELDS}, not both or neither`);
      const waiting = await deps.queue.get(id);
      if (!waiting) {
        if (!(await deps.history.get(id))) throw jobNotFound();
        throw notQueued();
      }
      if (!mayChangeJob(callerOf(c), waiting.createdBy)) throw othersJobs([id], 'move');
      if ('before' in to && !(await deps.queue.get(to.before))) {
        throw invalidRequest('before: must be the id of another job that waits in the queue');
      }
      const place = await deps.queue.move(id, to);
      if (place === null) throw notQueued();
      await audited(c, deps.audit, { action: 'queue_moved', subject: id, detail: { place } });
      const job = await deps.history.get(id);
      if (!job) throw jobNotFound();
      return c.json({ job: await deps.makers.job(job) });
    },
  );
  return app;
}
