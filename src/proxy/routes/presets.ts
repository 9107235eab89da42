import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { presetChangeSchema, presetDraftSchema } from '@/contract/presets';
import { callerOf } from '../auth/access';
import type { Redactor } from '../log';
import { PRESET_ID_RE, presetNotFound, type StoredPresets } from '../store/presets';
import { audited, type AuditLog } from './audited';
import { rejectInvalid, requireJson } from './validate';

interface PresetDeps {
  presets: StoredPresets;
  audit: AuditLog;
  redact: Redactor;
}

/**
 * `/studio-api/presets` (members and up, auth/access.ts): the caller's own presets, listed,
 * saved, renamed or changed, and deleted, each change in the audit log. Another person's
 * preset is not found, by any id.
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
    await audited(c, deps.audit, {
      action: 'preset_saved',
      subject: preset.id,
      detail: { name: preset.name },
    });
    return c.json({ preset }, 201);
  });

  app.patch(
    '/:id',
    param,
    requireJson,
    zValidator('json', presetChangeSchema, invalid),
    async (c) => {
      const { id } = c.req.valid('param');
      const before = await deps.presets.get(callerOf(c).id, id);
      const preset = await deps.presets.update(callerOf(c).id, id, c.req.valid('json'));
      // One entry: a rename (with what else changed), or a change of flags or suffix.
      const changed = (['flags', 'suffix'] as const).filter((k) => before?.[k] !== preset[k]);
      const renamed = before !== null && before.name !== preset.name;
      if (renamed || changed.length > 0) {
        await audited(c, deps.audit, {
          action: renamed ? 'preset_renamed' : 'preset_changed',
          subject: id,
          detail: renamed
            ? { from: before.name, to: preset.name, changed }
            : { name: preset.name, changed },
        });
      }
      return c.json({ preset });
    },
  );

  app.delete('/:id', param, async (c) => {
    const { id } = c.req.valid('param');
    const before = await deps.presets.get(callerOf(c).id, id);
    if (!(await deps.presets.remove(callerOf(c).id, id))) throw presetNotFound();
    await audited(c, deps.audit, {
      action: 'preset_deleted',
      subject: id,
      detail: { name: before?.name ?? null },
    });
    return c.json({ deleted: id });
  });
  return app;
}
