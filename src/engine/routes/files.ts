import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { EngineContext, EngineEnv } from '../context';
import { MEDIA_NAME_RE } from '../tasks/operations/media-files';
import { isExpired } from '../tasks/parent-rules';

/**
 * Media at `/files/<job_id>_<n>.png`, without a key: the job UUID in the name is the
 * capability, as on the hosted service. A file never changes once its task completed,
 * so it may be cached for good; media of expired or unfinished jobs is not served.
 */
export function fileRoutes(ctx: EngineContext): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();
  app.get('/:name', async (c) => {
    const name = c.req.param('name');
    const jobId = MEDIA_NAME_RE.exec(name)?.[1];
    const task = jobId ? ctx.tasks.get(jobId) : null;
    if (!task || task.status !== 'completed' || isExpired(task, ctx.jobTtlS, ctx.now())) {
      return c.json({ code: 404, message: 'no such file' }, 404);
    }
    let data: Buffer;
    try {
      data = await fs.readFile(path.join(ctx.filesDir, name));
    } catch {
      return c.json({ code: 404, message: 'no such file' }, 404);
    }
    return c.body(new Uint8Array(data), 200, {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
  return app;
}
