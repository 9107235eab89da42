import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { TREE_MAX_JOBS, type LineageTree } from '@/contract/lineage-tree';
import { handleSchema } from '@/contract/studio-api';
import type { JobRecord } from '../model/record';
import type { Makers } from '../model/makers';
import type { HistoryStore } from '../store/shared-store';
import { jobNotFound } from '../studio-error';
import { rejectUnknownJob } from './validate';

type Lineage = Pick<HistoryStore, 'get' | 'lineage'>;

/** The root and its descendants, breadth first, one lineage read per job. */
async function treeOf(history: Lineage, makers: Makers, job: JobRecord): Promise<LineageTree> {
  const { ancestors } = await history.lineage(job.handle);
  const root = ancestors[0] ?? job;
  const jobs: JobRecord[] = [root];
  for (let i = 0; i < jobs.length && jobs.length < TREE_MAX_JOBS; i++) {
    const { children } = await history.lineage(jobs[i]!.handle);
    jobs.push(...children.slice(0, TREE_MAX_JOBS - jobs.length));
  }
  return {
    rootId: root.handle,
    jobs: await makers.jobs(jobs),
    truncated: jobs.length >= TREE_MAX_JOBS,
  };
}

/** `/studio-api/jobs/:id/tree`: a job's whole family, for the lineage view. */
export function lineageTreeRoutes({ history, makers }: { history: Lineage; makers: Makers }): Hono {
  const app = new Hono();
  const param = zValidator('param', z.object({ id: handleSchema }), rejectUnknownJob);
  app.get('/:id/tree', param, async (c) => {
    const job = await history.get(c.req.valid('param').id);
    if (!job) throw jobNotFound();
    return c.json(await treeOf(history, makers, job));
  });
  return app;
}
