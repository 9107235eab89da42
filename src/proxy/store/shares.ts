import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import { SHARE_ID_RE } from '@/contract/shares';
import { newToken } from '../model/ids';
import type { SchemaDb } from './dialect';
import type { Db, StoreTables } from './schema';

/**
 * A schema step (`migrations.ts`; never edit): share links, and the key that signs them,
 * made here once per database so that every replica signs and checks alike.
 */
export async function sharesTables(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_handle', 'text', (c) => c.notNull())
    .addColumn('image_index', 'integer')
    .addColumn('show_prompt', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('revoked_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('share_links_by_maker')
    .on('share_links')
    .columns(['created_by', 'created_ms'])
    .execute();
  await db.schema
    .createTable('share_key')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .execute();
  await db
    .insertInto('share_key')
    .values({ key: randomBytes(32).toString('base64url') })
    .execute();
}

/** A share link as stored, with its maker's name: of a job or of a collection. */
export interface ShareRecord {
  id: string;
  /** The job shared; null on a link to a collection. */
  jobHandle: string | null;
  /** The handle of the collection shared; null on a link to a job. */
  collectionId: string | null;
  index: number | null;
  showPrompt: boolean;
  createdBy: { id: string; name: string } | null;
  createdMs: number;
  expiresMs: number;
  revokedMs: number | null;
}

/** A new link, as its maker asks for it. */
export interface ShareDraft {
  /** A job (and `index`, one image of it) or a collection (`index` null). */
  shared: { job: string } | { collection: string };
  index: number | null;
  showPrompt: boolean;
  createdBy: string | null;
  lifetimeMs: number;
}

/** The most links `list` answers, newest first. */
const LISTED = 200;

/** Characters of the signature a link carries (base64url of HMAC-SHA256, 192 bits). */
const SIGNATURE_CHARS = 32;

/** Characters of each half of a collection link's file key (`keyPart`). */
export const KEY_PART_CHARS = 11;

/**
 * Share links: `<id>.<signature>`, an id of 128 random bits and its HMAC under a key kept
 * in the database, so a link altered in any character is refused before any row is read,
 * and the maker's list can show each link again. A link shows something only while its
 * row says it is neither revoked nor lapsed, read at every request on every replica, so
 * a revocation holds everywhere at once.
 */
export class StoredShares {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Db) {}

  private signingKey(): Promise<Buffer> {
    this.key ??= this.db
      .selectFrom('share_key')
      .select('key')
      .executeTakeFirstOrThrow()
      .then((r) => Buffer.from(r.key, 'base64url'));
    this.key.catch(() => (this.key = null));
    return this.key;
  }

  private async signature(id: string): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(`share:${id}`)
      .digest('base64url')
      .slice(0, SIGNATURE_CHARS);
  }

  /**
   * 11 characters (66 bits) of the HMAC of `parts` under the signing key, apart from any
   * link's signature: what a collection link's file keys are made of, so that a key names
   * nothing without the key, and differs from one link to another.
   */
  async keyPart(...parts: string[]): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(`share-key:${parts.join(':')}`)
      .digest('base64url')
      .slice(0, KEY_PART_CHARS);
  }

  /** The token a link to share `id` carries. */
  async token(id: string): Promise<string> {
    return `${id}.${await this.signature(id)}`;
  }

  /** The share id a token names when its signature is right; null for anything else. */
  async verify(token: string): Promise<string | null> {
    const dot = token.indexOf('.');
    const id = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    if (dot < 0 || !SHARE_ID_RE.test(id) || given.length !== SIGNATURE_CHARS) return null;
    const expected = Buffer.from(await this.signature(id));
    return timingSafeEqual(given, expected) ? id : null;
  }

  private select(db: Db) {
    return db
      .selectFrom('share_links as s')
      .leftJoin('people as maker', 'maker.id', 's.created_by')
      .selectAll('s')
      .select('maker.name as maker_name');
  }

  private static toRecord(
    r: Selectable<StoreTables['share_links']> & { maker_name: string | null },
  ): ShareRecord {
    return {
      id: r.id,
      jobHandle: r.collection_id === null ? r.job_handle : null,
      collectionId: r.collection_id,
      index: r.image_index,
      showPrompt: Number(r.show_prompt) === 1,
      createdBy:
        r.created_by === null || r.maker_name === null
          ? null
          : { id: r.created_by, name: r.maker_name },
      createdMs: Number(r.created_ms),
      expiresMs: Number(r.expires_ms),
      revokedMs: r.revoked_ms === null ? null : Number(r.revoked_ms),
    };
  }

  async create(draft: ShareDraft, now = Date.now()): Promise<ShareRecord> {
    const id = newToken();
    await this.db
      .insertInto('share_links')
      .values({
        id,
        // A collection's link keeps '' where a job's keeps its handle (the step's NOT NULL).
        job_handle: 'job' in draft.shared ? draft.shared.job : '',
        collection_id: 'collection' in draft.shared ? draft.shared.collection : null,
        image_index: draft.index,
        show_prompt: draft.showPrompt ? 1 : 0,
        created_by: draft.createdBy,
        created_ms: now,
        expires_ms: now + draft.lifetimeMs,
        revoked_ms: null,
      })
      .execute();
    const made = await this.get(id);
    if (!made) throw new Error('the share link just made is gone');
    return made;
  }

  async get(id: string): Promise<ShareRecord | null> {
    const row = await this.select(this.db).where('s.id', '=', id).executeTakeFirst();
    return row ? StoredShares.toRecord(row) : null;
  }

  /** The newest links first: one person's (`by`), or everyone's (null). */
  async list(by: string | null): Promise<ShareRecord[]> {
    let q = this.select(this.db);
    if (by !== null) q = q.where('s.created_by', '=', by);
    const rows = await q.orderBy('s.created_ms', 'desc').orderBy('s.id').limit(LISTED).execute();
    return rows.map((r) => StoredShares.toRecord(r));
  }

  /** Links `by` made and has not revoked, lapsed or not: what the per-person cap counts. */
  async countOpen(by: string | null, now = Date.now()): Promise<number> {
    let q = this.db
      .selectFrom('share_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('revoked_ms', 'is', null)
      .where('expires_ms', '>', now);
    q = by === null ? q.where('created_by', 'is', null) : q.where('created_by', '=', by);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A collection's name, by its handle; null once it is deleted. */
  async collectionName(handle: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('collections')
      .select('name')
      .where('handle', '=', handle)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /**
   * What a collection holds now, by its handle (none once it is deleted): each job with
   * the images of it held (null: the whole job).
   */
  async collectionItems(handle: string): Promise<Map<string, (number | null)[]>> {
    const rows = await this.db
      .selectFrom('collection_items as i')
      .innerJoin('collections as c', 'c.id', 'i.collection_id')
      .select(['i.job_handle', 'i.image_index'])
      .where('c.handle', '=', handle)
      .execute();
    const held = new Map<string, (number | null)[]>();
    for (const r of rows) {
      const image = r.image_index === null ? null : Number(r.image_index);
      held.set(r.job_handle, [...(held.get(r.job_handle) ?? []), image]);
    }
    return held;
  }

  /** Revokes a link (one revoked already keeps its first time). */
  async revoke(id: string, now = Date.now()): Promise<ShareRecord | null> {
    await this.db
      .updateTable('share_links')
      .set({ revoked_ms: now })
      .where('id', '=', id)
      .where('revoked_ms', 'is', null)
      .execute();
    return this.get(id);
  }
}
