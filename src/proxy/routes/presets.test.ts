import { afterEach, describe, expect, it } from 'vitest';
import { presetSchema, type Preset } from '@/contract/presets';
import type { Stack } from '../test/harness';
import { asJson, auditLog, team } from '../test/team';
import { STORE_KINDS } from '../test/store-kinds';
import { studiosOn } from '../test/studio-on';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const { studioOn } = studiosOn();

type Refusal = { error: { code: string; message: string } };
const PRESETS = '/studio-api/presets';

describe.each(STORE_KINDS)('presets over HTTP (%s)', (kind) => {
  it("a member saves, lists, renames and deletes their own, and never sees another's", async () => {
    stack = await studioOn(kind);
    const s = stack;
    const { cookies, ids } = await team(s, ['member', 'member', 'viewer']);
    const [ana, ben, viewer] = [
      cookies.member0 ?? '',
      cookies.member1 ?? '',
      cookies.viewer2 ?? '',
    ];

    const made = await s.json<{ preset: Preset }>(
      PRESETS,
      asJson(ana, 'POST', {
        name: ' Wide film ',
        flags: '--ar 16:9  --s 250',
        suffix: 'on 35mm film',
      }),
    );
    expect(made.status).toBe(201);
    const wide = presetSchema.parse(made.body.preset);
    expect(wide).toMatchObject({
      name: 'Wide film',
      flags: '--ar 16:9  --s 250',
      suffix: 'on 35mm film',
    });

    const list = (cookie: string) =>
      s.json<{ presets: Preset[] }>(PRESETS, { headers: { cookie } });
    expect((await list(ana)).body.presets).toEqual([wide]);
    expect((await list(ben)).body.presets).toEqual([]);

    // Ben, by the id of Ana's preset: not found, and hers unchanged.
    const url = `${PRESETS}/${wide.id}`;
    const renameByBen = await s.json<Refusal>(url, asJson(ben, 'PATCH', { name: 'Mine now' }));
    expect(renameByBen.status).toBe(404);
    const deleteByBen = await s.json<Refusal>(url, asJson(ben, 'DELETE'));
    expect(deleteByBen.status).toBe(404);
    expect(deleteByBen.body.error.message).toBe('You have no preset with that id.');
    expect((await list(ana)).body.presets).toEqual([wide]);

    const renamed = await s.json<{ preset: Preset }>(url, asJson(ana, 'PATCH', { name: 'Cinema' }));
    expect(renamed.body.preset).toMatchObject({ id: wide.id, name: 'Cinema', flags: wide.flags });
    const again = await s.json<Refusal>(
      PRESETS,
      asJson(ana, 'POST', { name: 'Cinema', flags: '--ar 21:9' }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('name: you already have a preset named "Cinema".');

    const changed = await s.call(url, asJson(ana, 'PATCH', { suffix: 'on slide film' }));
    expect(changed.status).toBe(200);
    expect((await s.json(url, asJson(ana, 'DELETE'))).body).toEqual({ deleted: wide.id });
    expect((await list(ana)).body.presets).toEqual([]);
    expect((await s.json<Refusal>(url, asJson(ana, 'DELETE'))).status).toBe(404);

    // Each change is in the audit log, with who made it; Ben's refusals are not.
    const entries = await auditLog(s, cookies.owner ?? '', `person=${ids.member0 ?? ''}`);
    const said = entries
      .filter((e) => e.action.startsWith('preset_'))
      .map((e) => ({ action: e.action, actor: e.actor?.id, subject: e.subject, detail: e.detail }));
    expect(said).toEqual([
      {
        action: 'preset_deleted',
        actor: ids.member0,
        subject: wide.id,
        detail: { name: 'Cinema' },
      },
      {
        action: 'preset_changed',
        actor: ids.member0,
        subject: wide.id,
        detail: { name: 'Cinema', changed: ['suffix'] },
      },
      {
        action: 'preset_renamed',
        actor: ids.member0,
        subject: wide.id,
        detail: { from: 'Wide film', to: 'Cinema', changed: [] },
      },
      {
        action: 'preset_saved',
        actor: ids.member0,
        subject: wide.id,
        detail: { name: 'Wide film' },
      },
    ]);
    const byBen = await auditLog(s, cookies.owner ?? '', `person=${ids.member1 ?? ''}`);
    expect(byBen.filter((e) => e.action.startsWith('preset_'))).toEqual([]);

    // A viewer cannot create, so keeps no presets.
    const byViewer = await s.json<Refusal>(
      PRESETS,
      asJson(viewer, 'POST', { name: 'V', flags: '--v 7' }),
    );
    expect(byViewer.status).toBe(403);
    expect((await list(viewer)).status).toBe(403);
  });

  it('refuses a bad preset, naming the field and what it allows', async () => {
    stack = await studioOn(kind);
    const s = stack;
    const { cookies } = await team(s, ['member']);
    const ana = cookies.member0 ?? '';
    const refusal = async (body: unknown) => {
      const res = await s.json<Refusal>(PRESETS, asJson(ana, 'POST', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.error.message;
    };
    expect(await refusal({ name: '', flags: '--v 7' })).toBe(
      'name: must be a string of 1 to 60 characters',
    );
    expect(await refusal({ name: 'x'.repeat(61), flags: '--v 7' })).toBe(
      'name: must be a string of 1 to 60 characters',
    );
    expect(await refusal({ name: 'Loud', flags: '--chaos 500 --bogus' })).toBe(
      'flags: --chaos must be an integer from 0 to 100; flags: --bogus is not a known flag',
    );
    expect(await refusal({ name: 'Words', flags: 'a cat --v 7' })).toBe(
      'flags: must be --flags only; "a cat" is not a flag (put words in the suffix)',
    );
    expect(await refusal({ name: 'Long', suffix: 's'.repeat(501) })).toBe(
      'suffix: must be a string of at most 500 characters',
    );
    expect(await refusal({ name: 'Empty' })).toBe('flags: give flags, a suffix or both');
    expect(await refusal({ name: 'Odd', flags: '--v 7', colour: 'red' })).toMatch(/colour/);

    // A page on another site cannot save one in a member's name.
    const crossSite = await s.call(PRESETS, {
      ...asJson(ana, 'POST', { name: 'Sneaky', flags: '--v 7' }),
      headers: { cookie: ana, 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(
      (await s.json<{ presets: Preset[] }>(PRESETS, { headers: { cookie: ana } })).body.presets,
    ).toEqual([]);
  });
});
