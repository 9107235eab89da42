import { sql, type Selectable } from 'kysely';
import {
  COLLECTIONS_PER_PERSON,
  type CollectionCover,
  type CollectionItem,
} from '@/contract/collections';
import type { TaskType } from '@/contract/task';
import { newHandle } from '../model/ids';
import { StudioHttpError, studioError } from '../studio-error';
import type { StoreDialect } from './dialect';
import type { Db, StoreTables } from './schema';

/** A collection as stored, by its internal id (which never leaves the server). */
export interface CollectionRecord {
  id: number;
  handle: string;
  name: string;
  ownerId: string | null;
  createdMs: number;
  updatedMs: number;
}

/** A collection with what it holds of the history: counts and its cover. */
export interface CollectionSummary extends CollectionRecord {
  items: number;
  jobs: number;
  cover: CollectionCover | null;
  /** With a job asked about: which of its results the collection holds (null: the whole job). */
  holds?: (number | null)[];
}

/** A collection a job's result sits in, for the ZIP's manifest. */
export interface JobCollection {
  handle: string;
  name: string;
  /** null: the whole job. */
  image: number | null;
}

/** Operations whose outputs have no image thumbnail: no cover comes from them. */
const NO_COVER: readonly TaskType[] = [
  'video_diffusion',
  'extend_video',
  'video_upscale',
  'shorten',
  'describe',
];

/** A name is unique per owner whatever its case and the spaces around it. */
const nameKey = (name: string): string => name.trim().toLowerCase();

const nameTaken = (name: string) =>
  new StudioHttpError(
    studioError(
      409,
      'name_taken',
      `name: you already have a collection named “${name.trim()}” (names are unique per person, whatever their case).`,
      'Choose another name.',
    ),
  );

const tooMany = () =>
  new StudioHttpError(
    studioError(
      409,
      'too_many_collections',
      `You have ${COLLECTIONS_PER_PERSON} collections, the most one person may keep.`,
      'Delete a collection you no longer need first.',
    ),
  );

const COLUMNS = ['id', 'handle', 'name', 'owner_id', 'created_ms', 'updated_ms'] as const;

type Row = Pick<Selectable<StoreTables['collections']>, (typeof COLUMNS)[number]>;

const toRecord = (r: Row): CollectionRecord => ({
  id: Number(r.id),
  handle: r.handle,
  name: r.name,
  ownerId: r.owner_id,
  createdMs: Number(r.created_ms),
  updatedMs: Number(r.updated_ms),
});

/** The key an item is unique by: a whole job counts as image -1. */
const itemKey = (i: { job: string; image?: number | null }) => `${i.job}/${i.image ?? -1}`;

/**
 * Collections and what they hold, shared by every replica. A person's new collections and
 * renames take turns (`collections-<owner>`) so that two at once cannot pass the limit or
 * take one name twice (the unique index would refuse the second anyway). Items name jobs
 * by handle; a job deleted from the history leaves every collection with it
 * (`remove.ts`), and reads count only the jobs the history still holds.
 */
export class StoredCollections {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
  ) {}

  async byHandle(handle: string): Promise<CollectionRecord | null> {
    const row = await this.db
      .selectFrom('collections')
      .select(COLUMNS)
      .where('handle', '=', handle)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** Every collection by name (or those of `ids`), with counts and covers. */
  async list(opts: { ids?: readonly number[]; job?: string } = {}): Promise<CollectionSummary[]> {
    if (opts.ids?.length === 0) return [];
    const rows = await this.db
      .selectFrom('collections as c')
      .select(COLUMNS.map((k) => `c.${k}` as const))
      .select([
        sql<number>`(SELECT count(*) FROM collection_items i JOIN jobs j ON j.handle = i.job_handle
          WHERE i.collection_id = c.id AND j.deleted_at IS NULL)`.as('items'),
        sql<number>`(SELECT count(DISTINCT i.job_handle) FROM collection_items i
          JOIN jobs j ON j.handle = i.job_handle
          WHERE i.collection_id = c.id AND j.deleted_at IS NULL)`.as('jobs'),
      ])
      .$if(opts.ids !== undefined, (q) => q.where('c.id', 'in', [...(opts.ids ?? [])]))
      .orderBy('c.name_key')
      .orderBy('c.id')
      .execute();
    const ids = rows.map((r) => Number(r.id));
    const [covers, holds] = await Promise.all([
      this.covers(ids),
      opts.job === undefined ? null : this.holding(opts.job),
    ]);
    return rows.map((r) => ({
      ...toRecord(r),
      items: Number(r.items),
      jobs: Number(r.jobs),
      cover: covers.get(Number(r.id)) ?? null,
      ...(holds ? { holds: holds.get(Number(r.id)) ?? [] } : {}),
    }));
  }

  async summary(id: number): Promise<CollectionSummary | null> {
    return (await this.list({ ids: [id] }))[0] ?? null;
  }

  /** Each collection's newest item whose job finished with images. */
  private async covers(ids: readonly number[]): Promise<Map<number, CollectionCover>> {
    if (ids.length === 0) return new Map();
    const { rows } = await sql<{ collection_id: number; job_handle: string; image_index: number }>`
      SELECT collection_id, job_handle, image_index FROM (
        SELECT i.collection_id, i.job_handle, COALESCE(i.image_index, 0) AS image_index,
          ROW_NUMBER() OVER (PARTITION BY i.collection_id
            ORDER BY i.added_ms DESC, j.seq DESC, i.image_index) AS n
        FROM collection_items i JOIN jobs j ON j.handle = i.job_handle
        WHERE i.collection_id IN (${sql.join(ids)}) AND j.deleted_at IS NULL
          AND j.status = 'completed' AND j.operation NOT IN (${sql.join(NO_COVER)})
      ) ranked WHERE n = 1`.execute(this.db);
    return new Map(
      rows.map((r) => [
        Number(r.collection_id),
        { job: r.job_handle, image: Number(r.image_index) },
      ]),
    );
  }

  /** Which of a job's results each collection holds. */
  private async holding(job: string): Promise<Map<number, (number | null)[]>> {
    const rows = await this.db
      .selectFrom('collection_items')
      .select(['collection_id', 'image_index'])
      .where('job_handle', '=', job)
      .orderBy(sql`COALESCE(image_index, -1)`)
      .execute();
    const out = new Map<number, (number | null)[]>();
    for (const r of rows) {
      const id = Number(r.collection_id);
      out.set(id, [...(out.get(id) ?? []), r.image_index === null ? null : Number(r.image_index)]);
    }
    return out;
  }

  /** Runs `fn` in a transaction on the owner's turn (new collections and names). */
  private inOwnersTurn<T>(owner: string | null, fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, `collections-${owner ?? ''}`);
      return fn(trx);
    });
  }

  private async nameFree(trx: Db, owner: string | null, name: string, except?: number) {
    const taken = await trx
      .selectFrom('collections')
      .select('id')
      .where(sql<string>`COALESCE(owner_id, '')`, '=', owner ?? '')
      .where('name_key', '=', nameKey(name))
      .$if(except !== undefined, (q) => q.where('id', '<>', except ?? 0))
      .executeTakeFirst();
    if (taken) throw nameTaken(name);
  }

  /**
   * A new collection of `owner`'s, holding `items` (checked by the caller) if given:
   * `name_taken` or `too_many_collections` (409) refuse it, and nothing is made.
   */
  async create(
    owner: string | null,
    name: string,
    items: readonly CollectionItem[] = [],
  ): Promise<CollectionRecord> {
    return this.inOwnersTurn(owner, async (trx) => {
      const { n } = await trx
        .selectFrom('collections')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where(sql<string>`COALESCE(owner_id, '')`, '=', owner ?? '')
        .executeTakeFirstOrThrow();
      if (Number(n) >= COLLECTIONS_PER_PERSON) throw tooMany();
      await this.nameFree(trx, owner, name);
      const now = Date.now();
      const handle = newHandle();
      const row = await trx
        .insertInto('collections')
        .values({
          handle,
          name: name.trim(),
          name_key: nameKey(name),
          owner_id: owner,
          created_ms: now,
          updated_ms: now,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      const rec = toRecord(row);
      await this.insertItems(trx, rec.id, items, owner, now);
      return rec;
    });
  }

  /** A new name, unique among its owner's collections. */
  async rename(rec: CollectionRecord, name: string): Promise<void> {
    await this.inOwnersTurn(rec.ownerId, async (trx) => {
      await this.nameFree(trx, rec.ownerId, name, rec.id);
      await trx
        .updateTable('collections')
        .set({ name: name.trim(), name_key: nameKey(name), updated_ms: Date.now() })
        .where('id', '=', rec.id)
        .execute();
    });
  }

  /** Deletes a collection and what it holds (never the jobs); false when it was gone. */
  async remove(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('collection_items').where('collection_id', '=', id).execute();
      const gone = await trx.deleteFrom('collections').where('id', '=', id).executeTakeFirst();
      return Number(gone.numDeletedRows) > 0;
    });
  }

  private async insertItems(
    trx: Db,
    id: number,
    items: readonly CollectionItem[],
    by: string | null,
    now: number,
  ): Promise<number> {
    const unique = [...new Map(items.map((i) => [itemKey(i), i])).values()];
    let added = 0;
    for (const item of unique) {
      const res = await trx
        .insertInto('collection_items')
        .values({
          collection_id: id,
          job_handle: item.job,
          image_index: item.image ?? null,
          added_by: by,
          added_ms: now,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      added += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /** Adds items (checked by the caller) in one transaction; how many were new. */
  async addItems(id: number, items: readonly CollectionItem[], by: string | null) {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const added = await this.insertItems(trx, id, items, by, now);
      if (added > 0) {
        await trx
          .updateTable('collections')
          .set({ updated_ms: now })
          .where('id', '=', id)
          .execute();
      }
      return added;
    });
  }

  /** Removes items in one transaction; how many it held. */
  async removeItems(id: number, items: readonly CollectionItem[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let removed = 0;
      for (const item of items) {
        const res = await trx
          .deleteFrom('collection_items')
          .where('collection_id', '=', id)
          .where('job_handle', '=', item.job)
          .where(sql<number>`COALESCE(image_index, -1)`, '=', item.image ?? -1)
          .executeTakeFirst();
        removed += Number(res.numDeletedRows);
      }
      if (removed > 0) {
        await trx
          .updateTable('collections')
          .set({ updated_ms: Date.now() })
          .where('id', '=', id)
          .execute();
      }
      return removed;
    });
  }

  /** The collections each of these jobs' results sit in, by job handle. */
  async ofJobs(handles: readonly string[]): Promise<Map<string, JobCollection[]>> {
    const out = new Map<string, JobCollection[]>();
    for (let at = 0; at < handles.length; at += 500) {
      const rows = await this.db
        .selectFrom('collection_items as i')
        .innerJoin('collections as c', 'c.id', 'i.collection_id')
        .select(['i.job_handle', 'i.image_index', 'c.handle', 'c.name'])
        .where('i.job_handle', 'in', handles.slice(at, at + 500))
        .orderBy('c.name_key')
        .orderBy('c.id')
        .orderBy(sql`COALESCE(i.image_index, -1)`)
        .execute();
      for (const r of rows) {
        const list = out.get(r.job_handle) ?? [];
        list.push({
          handle: r.handle,
          name: r.name,
          image: r.image_index === null ? null : Number(r.image_index),
        });
        out.set(r.job_handle, list);
      }
    }
    return out;
  }
}
