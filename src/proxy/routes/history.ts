import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { handleSchema, type Lineage } from '@/contract/studio-api';
import { mayChangeJob, type Caller } from '../model/people';
import { isDeletable, type JobRecord } from '../model/record';
import type { Makers } from '../model/makers';
import { callerOf } from '../auth/access';
import type { Logger } from '../log';
import type { MediaCache } from '../media/cache';
import type { ThumbCache } from '../media/thumbs';
import type { HistoryStore } from '../store/shared-store';
import { StudioHttpError, jobNotFound, othersJobs, studioError } from '../studio-error';
import { audited, type AuditLog } from './audited';
import { cancelQueued, type QueueDeps } from './queue';
import { rejectUnknownJob } from './validate';

interface HistoryDeps extends QueueDeps {
  history: HistoryStore;
  audit: AuditLog;
  media: Pick<MediaCache, 'removeJob'>;
  thumbs: Pick<ThumbCache, 'removeJob'>;
  log: Logger;
  makers: Makers;
}

const idParam = z.object({ id: handleSchema });

/**
 * The job, when `caller` may change it: a member only their own (403 for another's, which
 * they can see in the library anyway), admins and owners any.
 */
async function jobToChange(history: HistoryStore, id: string, caller: Caller): Promise<JobRecord> {
  const job = await history.get(id);
  if (!job) throw jobNotFound();
  if (!mayChangeJob(caller, job.createdBy)) throw othersJobs([id], 'change or delete');
  return job;
}

/** `/studio-api/jobs/:id/...`: favourites, deletion and lineage. */
export function historyRoutes(deps: HistoryDeps): Hono {
  const app = new Hono();
  const param = zValidator('param', idParam, rejectUnknownJob);

  const favourite = (on: boolean) =>
    app[on ? 'put' : 'delete']('/:id/favourite', param, async (c) => {
      const { id } = c.req.valid('param');
      await jobToChange(deps.history, id, callerOf(c));
      if (!(await deps.history.setFavourite(id, on))) throw jobNotFound();
      const job = await deps.history.get(id);
      if (!job) throw jobNotFound();
      await audited(c, deps.audit, { action: on ? 'favourite' : 'unfavourite', subject: id });
      return c.json({ job: await deps.makers.job(job) });
    });
  favourite(true);
  favourite(false);

  app.delete('/:id', param, async (c) => {
    const { id } = c.req.valid('param');
    const job = await jobToChange(deps.history, id, callerOf(c));
    if (job.createState === 'queued') return cancelQueued(c, deps, job);
    if (!isDeletable(job)) {
      throw new StudioHttpError(
        studioError(
          409,
          'job_running',
          'This job is still running, so it cannot be deleted yet.',
          'Delete it once it has finished.',
        ),
      );
    }
    await deps.history.remove(id);
    // Thumbnails first: one being made reads the original until it is done.
    await deps.thumbs.removeJob(id);
    await deps.media.removeJob(id);
    deps.log.info('job deleted', { handle: id });
    await audited(c, deps.audit, {
      action: 'job_deleted',
      subject: id,
      detail: { operation: job.operation, prompt: job.prompt, madeBy: job.createdBy },
    });
    return c.json({ deleted: id });
  });

  app.get('/:id/lineage', param, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deps.history.get(id))) throw jobNotFound();
    const { ancestors, children } = await deps.history.lineage(id);
    const [up, down] = await Promise.all([deps.makers.jobs(ancestors), deps.makers.jobs(children)]);
    const body: Lineage = { ancestors: up, children: down };
    return c.json(body);
  });
  return app;
}
