import { createHash } from 'node:crypto';
import {
  SAVED_MASKS_PER_PERSON,
  type JobMask,
  type SavedMask,
  type SavedMaskDraft,
} from '@/contract/masks';
import { StudioHttpError, studioError } from '../studio-error';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';

/** Keeps the mask a job was sent with (already redacted JSON), in the create's transaction. */
export async function keepJobMask(
  trx: Db,
  handle: string,
  kept: { json: string; bytes: number },
): Promise<void> {
  await trx
    .insertInto('job_masks')
    .values({ job_handle: handle, mask_json: kept.json, bytes: kept.bytes, created_ms: Date.now() })
    .execute();
}

/** A mask of another person, or none by that name: the same answer, so neither is told. */
export const savedMaskNotFound = () =>
  new StudioHttpError(
    studioError(404, 'not_found', 'You have no saved mask of that name for this image.'),
  );

const tooMany = () =>
  new StudioHttpError(
    studioError(
      409,
      'too_many_masks',
      `You have ${SAVED_MASKS_PER_PERSON} saved masks, the most a person keeps.`,
      'Delete one you no longer use (in the editor of its image), then save this one.',
    ),
  );

const imageKey = (image: string): string => createHash('sha256').update(image).digest('hex');

interface SavedRow {
  image: string;
  name: string;
  mask_json: string;
  saved_ms: number | string;
}

const toSaved = (r: SavedRow): SavedMask => ({
  image: r.image,
  name: r.name,
  mask: JSON.parse(r.mask_json) as SavedMask['mask'],
  savedAt: new Date(Number(r.saved_ms)).toISOString(),
});

/**
 * The masks the studio keeps: each job's as sent, and each person's saved by name for an
 * image. Every read and change of a saved mask names its person; another's is not found. A
 * person's saves take turns on every replica (`masks-<id>`), so two at once cannot pass
 * the limit.
 */
export class StoredMasks {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
  ) {}

  /** The mask the job was sent with; null when it was sent with none (or is gone). */
  async ofJob(handle: string): Promise<JobMask | null> {
    const row = await this.db
      .selectFrom('job_masks')
      .select('mask_json')
      .where('job_handle', '=', handle)
      .executeTakeFirst();
    return row ? (JSON.parse(row.mask_json) as JobMask) : null;
  }

  /** The person's masks of one image, newest first. */
  async list(personId: string, image: string): Promise<SavedMask[]> {
    const rows = await this.db
      .selectFrom('saved_masks')
      .select(['image', 'name', 'mask_json', 'saved_ms'])
      .where('person_id', '=', personId)
      .where('image_key', '=', imageKey(image))
      .orderBy('saved_ms', 'desc')
      .orderBy('name')
      .execute();
    return rows.map(toSaved);
  }

  /** Saves a mask, replacing the person's of that name for that image; 409 past the limit. */
  save(personId: string, draft: SavedMaskDraft): Promise<SavedMask> {
    return this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, `masks-${personId}`);
      const key = { person_id: personId, image_key: imageKey(draft.image), name: draft.name };
      const replaced = await trx
        .deleteFrom('saved_masks')
        .where('person_id', '=', key.person_id)
        .where('image_key', '=', key.image_key)
        .where('name', '=', key.name)
        .executeTakeFirst();
      if (Number(replaced.numDeletedRows) === 0) {
        const { n } = await trx
          .selectFrom('saved_masks')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('person_id', '=', personId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= SAVED_MASKS_PER_PERSON) throw tooMany();
      }
      const mask_json = JSON.stringify(draft.mask);
      const row = {
        ...key,
        image: draft.image,
        mask_json,
        bytes: Buffer.byteLength(mask_json, 'utf8'),
        saved_ms: Date.now(),
      };
      await trx.insertInto('saved_masks').values(row).execute();
      return toSaved(row);
    });
  }

  /** Deletes one of the person's masks; false when they have none of that name there. */
  async remove(personId: string, image: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('saved_masks')
      .where('person_id', '=', personId)
      .where('image_key', '=', imageKey(image))
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
