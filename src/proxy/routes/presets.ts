import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { presetChangeSchema, presetDraftSchema } from '@/contract/presets';
import { callerOf } from '../auth/access';
import type { Redactor } from '../log';
import { PRESET_ID_RE, presetNotFound, type StoredPresets } from '../store/presets';
import { rejectInvalid, requireJson } from './validate';

interface PresetDeps {
  presets: StoredPresets;
  redact: Redactor;
}

/**
 * `/studio-api/presets` (members and up, auth/access.ts): the caller's own presets, listed,
 * saved, renamed or changed, and deleted. Another person's preset is not found, by any id.
 */
export function presetRoutes(deps: PresetDeps): Hono {
  const app = new Hono();
  const invalid = rejectInvalid(deps.redact);
  const param = zValidator('param', z.object({ id: z.string().regex(PRESET_ID_RE) }), (r) => {
    if (!r.success) throw presetNotFound();
  });

  app.get('/', async (c) => c.json({ presets: await deps.presets.list(callerOf(c).id) }));

  app.post('/', requireJson, zValidator('json', presetDraftSchema, invalid), async (c) => {
    const preset = await deps.presets.create(callerOf(c).id, c.req.valid('json'));
    return c.json({ preset }, 201);
  });

  app.patch(
    '/:id',
    param,
    requireJson,
    zValidator('json', presetChangeSchema, invalid),
    async (c) => {
      const { id } = c.req.valid('param');
      const preset = await deps.presets.update(callerOf(c).id, id, c.req.valid('json'));
      return c.json({ preset });
    },
  );

  app.delete('/:id', param, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deps.presets.remove(callerOf(c).id, id))) throw presetNotFound();
    return c.json({ deleted: id });
  });
  return app;
}
