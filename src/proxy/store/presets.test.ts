import { describe, expect, it } from 'vitest';
import { PRESETS_PER_PERSON } from '@/contract/presets';
import { StudioHttpError } from '../studio-error';
import { ownerWith, personWith } from '../test/people';
import { STORE_KINDS, replicaPairs, storeKinds } from '../test/store-kinds';

/** Presets on both databases, through two replicas of one studio. */
const kinds = storeKinds(1024 * 1024);
const { twoReplicas } = replicaPairs(kinds);

const code = (e: unknown) => (e instanceof StudioHttpError ? e.error.code : String(e));
const draft = (name: string, flags = '--ar 16:9', suffix = '') => ({ name, flags, suffix });

describe.each(STORE_KINDS)('presets on %s', (kind) => {
  it("keeps each person's own, by name, and a name once per person", async () => {
    const [a, b] = await twoReplicas(kind);
    const owner = await ownerWith(a, 'the owner password');
    const ana = await personWith(a, 'member', 'ana password 12');
    const wide = await a.presets.create(ana.id, draft('Wide', '--ar 16:9 --s 250', 'cinematic'));
    await b.presets.create(ana.id, draft('Anime', '--niji 6'));
    // Another person may use the same name.
    await b.presets.create(owner.id, draft('Wide', '--ar 21:9'));

    expect(await b.presets.list(ana.id)).toEqual([
      expect.objectContaining({ name: 'Anime', flags: '--niji 6', suffix: '' }),
      { ...wide, createdAt: expect.any(String) as string },
    ]);
    expect((await a.presets.list(owner.id)).map((p) => p.flags)).toEqual(['--ar 21:9']);
    expect(Date.parse(wide.createdAt)).toBeGreaterThan(0);

    const twice = await b.presets.create(ana.id, draft('Wide')).catch((e: unknown) => e);
    expect(code(twice)).toBe('name_taken');
  });

  it('renames and changes a preset, and never one of another person', async () => {
    const [a, b] = await twoReplicas(kind);
    const ana = await personWith(a, 'member', 'ana password 12');
    const ben = await personWith(a, 'member', 'ben password 12', 'ben@example.com');
    const wide = await a.presets.create(ana.id, draft('Wide'));
    await a.presets.create(ana.id, draft('Tall', '--ar 9:16'));

    const renamed = await b.presets.update(ana.id, wide.id, { name: 'Cinema' });
    expect(renamed).toMatchObject({ id: wide.id, name: 'Cinema', flags: '--ar 16:9' });
    const changed = await a.presets.update(ana.id, wide.id, { flags: '--ar 21:9', suffix: 'film' });
    expect(changed).toMatchObject({ name: 'Cinema', flags: '--ar 21:9', suffix: 'film' });
    const clash = await a.presets
      .update(ana.id, wide.id, { name: 'Tall' })
      .catch((e: unknown) => e);
    expect(code(clash)).toBe('name_taken');

    // Ben knows the id: to him it does not exist, and Ana's preset stays as it was.
    const taken = await b.presets
      .update(ben.id, wide.id, { name: 'Mine' })
      .catch((e: unknown) => e);
    expect(code(taken)).toBe('not_found');
    expect(await b.presets.remove(ben.id, wide.id)).toBe(false);
    expect(await b.presets.list(ben.id)).toEqual([]);
    expect((await a.presets.list(ana.id)).map((p) => p.name)).toEqual(['Cinema', 'Tall']);

    expect(await b.presets.remove(ana.id, wide.id)).toBe(true);
    expect((await a.presets.list(ana.id)).map((p) => p.name)).toEqual(['Tall']);
  });

  it(`keeps at most ${PRESETS_PER_PERSON} per person, even saved at once on two replicas`, async () => {
    const [a, b] = await twoReplicas(kind);
    const ana = await personWith(a, 'member', 'ana password 12');
    for (let i = 0; i < PRESETS_PER_PERSON - 2; i++) {
      await a.presets.create(ana.id, draft(`p${i}`));
    }
    // A SQLite studio is one process: its saves at once come through one connection.
    const other = kind === 'postgres' ? b : a;
    const saves = await Promise.allSettled(
      ['x1', 'x2', 'x3', 'x4'].map((n, i) => (i % 2 ? a : other).presets.create(ana.id, draft(n))),
    );
    expect(saves.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    const refused = saves.flatMap((s) => (s.status === 'rejected' ? [code(s.reason)] : []));
    expect(refused).toEqual(['too_many_presets', 'too_many_presets']);
    expect(await a.presets.list(ana.id)).toHaveLength(PRESETS_PER_PERSON);
  });
});
