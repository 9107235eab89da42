import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { errorTaskResponse } from '@/contract/errors';
import { isOperationName } from '@/contract/operations';
import { isUuid } from '@/contract/requests/common';
import type { EngineContext, EngineEnv } from './context';
import { createTask } from '../tasks/create';
import { isExpired } from '../tasks/rules/parents';
import { Rejection } from '../tasks/rules/rejection';
import { toTaskResponse } from '../tasks/view';
import { withRequestId } from '@/server/log';
import { requireAccount } from './auth';

/** Prompts are at most 8192 characters; no valid body comes near this. */
const MAX_BODY_BYTES = 256 * 1024;

/** Task endpoints answer every refusal in the TaskResponse shape, status = error.code. */
const refuseTask = (c: Context, status: number, message: string): Response =>
  c.json(withRequestId(errorTaskResponse(status, message)), status as ContentfulStatusCode);

const jobParam = z.object({
  job_id: z.string().refine(isUuid, { error: 'must be a job_id (a UUID)' }),
});

export function taskRoutes(ctx: EngineContext): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();

  app.get(
    '/job/:job_id',
    zValidator('param', jobParam, (result, c) => {
      if (!result.success) return refuseTask(c, 400, 'job_id: must be a job_id (a UUID)');
    }),
    (c) => {
      const jobId = c.req.valid('param').job_id.toLowerCase();
      const task = ctx.tasks.get(jobId);
      if (!task || isExpired(task, ctx.jobTtlS, ctx.now())) {
        return refuseTask(
          c,
          404,
          `job ${jobId} not found (unknown, or older than ${ctx.jobTtlS} s)`,
        );
      }
      return c.json(toTaskResponse(task, ctx.publicUrl()));
    },
  );

  app.post(
    '/:operation',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => refuseTask(c, 413, `body: must be at most ${MAX_BODY_BYTES} bytes`),
    }),
    requireAccount(ctx, refuseTask),
    async (c) => {
      const name = c.req.param('operation');
      if (!isOperationName(name)) return refuseTask(c, 404, `no operation /v1/${name}`);
      const raw = await c.req.text();
      try {
        const task = createTask(ctx, c.get('account'), name, raw);
        ctx.onCreated(task.taskType);
        return c.json(toTaskResponse(task, ctx.publicUrl()));
      } catch (err) {
        if (err instanceof Rejection) return refuseTask(c, err.code, err.message);
        throw err;
      }
    },
  );

  return app;
}
