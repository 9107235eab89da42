import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { savedMaskDraftSchema, savedMaskKeySchema, savedMaskQuerySchema } from '@/contract/masks';
import { handleSchema } from '@/contract/studio-api';
import { callerOf } from '../auth/access';
import type { Redactor } from '../log';
import { savedMaskNotFound, type StoredMasks } from '../store/masks';
import type { HistoryStore } from '../store/shared-store';
import { StudioHttpError, jobNotFound, studioError } from '../studio-error';
import { rejectInvalid, rejectUnknownJob, requireJson } from './validate';

interface MaskDeps {
  history: Pick<HistoryStore, 'get'>;
  masks: StoredMasks;
  redact: Redactor;
}

const noMask = () =>
  new StudioHttpError(
    studioError(
      404,
      'no_mask',
      'This job was sent without a mask, so the studio keeps none for it.',
      'Only vary region, edit and upload-and-paint jobs sent with a mask have one.',
    ),
  );

/**
 * Masks the studio keeps (mounted at `/studio-api`): `GET /jobs/:id/mask`, the mask a job
 * was sent with, for anyone who may read the job (everyone signed in); and
 * `/masks?image=...`, the caller's own masks saved by name for an image (members and up,
 * auth/access.ts): listed, saved (or replaced by name) and deleted. Another person's saved
 * masks are never seen, nor found by name.
 */
export function maskRoutes(deps: MaskDeps): Hono {
  const app = new Hono();
  const invalid = rejectInvalid(deps.redact);

  app.get(
    '/jobs/:id/mask',
    zValidator('param', z.object({ id: handleSchema }), rejectUnknownJob),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await deps.history.get(id))) throw jobNotFound();
      const mask = await deps.masks.ofJob(id);
      if (!mask) throw noMask();
      return c.json({ mask });
    },
  );

  app.get('/masks', zValidator('query', savedMaskQuerySchema, invalid), async (c) => {
    const { image } = c.req.valid('query');
    return c.json({ masks: await deps.masks.list(callerOf(c).id, image) });
  });

  app.post('/masks', requireJson, zValidator('json', savedMaskDraftSchema, invalid), async (c) => {
    const mask = await deps.masks.save(callerOf(c).id, c.req.valid('json'));
    return c.json({ mask }, 201);
  });

  app.delete('/masks', zValidator('query', savedMaskKeySchema, invalid), async (c) => {
    const { image, name } = c.req.valid('query');
    if (!(await deps.masks.remove(callerOf(c).id, image, name))) throw savedMaskNotFound();
    return c.json({ deleted: name });
  });
  return app;
}
