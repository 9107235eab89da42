import type { Preset, PresetChange, PresetDraft } from '@/contract/presets';
import { PRESETS_PER_PERSON } from '@/contract/presets';
import { newHandle } from '../model/ids';
import { StudioHttpError, studioError } from '../studio-error';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';

/** What a preset's id looks like: anything else is an unknown one. */
export const PRESET_ID_RE = /^[A-Za-z0-9_-]{12}$/;

/** Another's preset, or one that does not exist: the same answer, so neither is told. */
export const presetNotFound = () =>
  new StudioHttpError(studioError(404, 'not_found', 'You have no preset with that id.'));

const nameTaken = (name: string) =>
  new StudioHttpError(
    studioError(409, 'name_taken', `name: you already have a preset named "${name}".`),
  );

const tooMany = () =>
  new StudioHttpError(
    studioError(
      409,
      'too_many_presets',
      `You have ${PRESETS_PER_PERSON} presets, the most a person keeps.`,
      'Delete one you no longer use, then save this one.',
    ),
  );

interface PresetRow {
  id: string;
  name: string;
  flags: string;
  suffix: string;
  created_ms: number | string;
}

const toPreset = (r: PresetRow): Preset => ({
  id: r.id,
  name: r.name,
  flags: r.flags,
  suffix: r.suffix,
  createdAt: new Date(Number(r.created_ms)).toISOString(),
});

const COLUMNS = ['id', 'name', 'flags', 'suffix', 'created_ms'] as const;

/**
 * Each person's presets. Every read and change names its person, and a preset of anyone
 * else is not found. A person's changes take turns on every replica (`presets-<id>`), so
 * two saves at once cannot pass the limit or take one name twice.
 */
export class StoredPresets {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
  ) {}

  /** A person's presets, by name. */
  async list(personId: string): Promise<Preset[]> {
    const rows = await this.db
      .selectFrom('presets')
      .select(COLUMNS)
      .where('person_id', '=', personId)
      .execute();
    return rows.map(toPreset).sort((a, b) => a.name.localeCompare(b.name));
  }

  private inTurn<T>(personId: string, fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, `presets-${personId}`);
      return fn(trx);
    });
  }

  private async nameFree(trx: Db, personId: string, name: string, except: string | null) {
    const taken = await trx
      .selectFrom('presets')
      .select('id')
      .where('person_id', '=', personId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (taken && taken.id !== except) throw nameTaken(name);
  }

  /** A new preset; `name_taken` or `too_many_presets` (409) when it cannot be. */
  create(personId: string, draft: PresetDraft): Promise<Preset> {
    return this.inTurn(personId, async (trx) => {
      const { n } = await trx
        .selectFrom('presets')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('person_id', '=', personId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= PRESETS_PER_PERSON) throw tooMany();
      await this.nameFree(trx, personId, draft.name, null);
      const row = { id: newHandle(), ...draft, created_ms: Date.now() };
      await trx
        .insertInto('presets')
        .values({ ...row, person_id: personId })
        .execute();
      return toPreset(row);
    });
  }

  private static row(db: Db, personId: string, id: string) {
    return db
      .selectFrom('presets')
      .select(COLUMNS)
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .executeTakeFirst();
  }

  /** One of the person's presets; null when they have none with that id. */
  async get(personId: string, id: string): Promise<Preset | null> {
    const row = await StoredPresets.row(this.db, personId, id);
    return row ? toPreset(row) : null;
  }

  /** Renames or changes one of the person's presets; not found when it is not theirs. */
  update(personId: string, id: string, change: PresetChange): Promise<Preset> {
    return this.inTurn(personId, async (trx) => {
      const row = await StoredPresets.row(trx, personId, id);
      if (!row) throw presetNotFound();
      if (change.name !== undefined) await this.nameFree(trx, personId, change.name, id);
      const next = { ...row, ...change };
      await trx
        .updateTable('presets')
        .set({ name: next.name, flags: next.flags, suffix: next.suffix })
        .where('id', '=', id)
        .execute();
      return toPreset(next);
    });
  }

  /** Deletes one of the person's presets; false when they have none with that id. */
  async remove(personId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('presets')
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
