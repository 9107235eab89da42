import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { newHandle, newToken } from '../model/ids';
import { StudioHttpError, studioError } from '../studio-error';
import type { NormalisedImage } from '../uploads/normalise';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';
import type { UploadsStore } from './shared-store';

const uploadRowSchema = z.object({
  id: z.string(),
  token: z.string(),
  ext: z.enum(['png', 'jpg', 'webp', 'gif']),
  type: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  created_at: z.string(),
  last_used_ms: z.number().int(),
});

export interface UploadRecord {
  id: string;
  token: string;
  ext: NormalisedImage['ext'];
  type: NormalisedImage['type'];
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
  lastUsedMs: number;
}

const toUploadRecord = (r: z.infer<typeof uploadRowSchema>): UploadRecord => ({
  id: r.id,
  token: r.token,
  ext: r.ext,
  type: r.type,
  width: r.width,
  height: r.height,
  bytes: r.bytes,
  createdAt: r.created_at,
  lastUsedMs: r.last_used_ms,
});

const storageFull = (capBytes: number) =>
  new StudioHttpError(
    studioError(
      507,
      'storage_full',
      `The studio's upload storage is full (STUDIO_UPLOADS_MB is ${Math.round(capBytes / (1024 * 1024))} MB) and what it holds is needed by running jobs.`,
      'Wait for running jobs to finish and try again, or ask the operator to raise STUDIO_UPLOADS_MB.',
    ),
  );

/** `/u/<token>.<ext>` in any text, such as a create's body. */
const UPLOAD_REF = /\/u\/([A-Za-z0-9_-]{22})\.(?:png|jpg|webp|gif)\b/g;

/** Touching on every read would write on every image view; a minute is fine for LRU. */
const TOUCH_EVERY_MS = 60_000;

/** What an upload's record is read from; its bytes are read only to be served. */
export const UPLOAD_COLUMNS = [
  'id',
  'token',
  'ext',
  'type',
  'width',
  'height',
  'bytes',
  'created_at',
  'last_used_ms',
] as const;

/** A new upload's record: its id for the browser, its token for the public URL. */
const newUploadRecord = (image: NormalisedImage): UploadRecord => ({
  id: newHandle(),
  token: newToken(),
  ext: image.ext,
  type: image.type,
  width: image.width,
  height: image.height,
  bytes: image.data.length,
  createdAt: new Date().toISOString(),
  lastUsedMs: Date.now(),
});

const recordOf = (row: unknown): UploadRecord => toUploadRecord(uploadRowSchema.parse(row));

/**
 * Uploaded images, row and bytes in the store, so that the upstream can fetch one through
 * any replica. The id is for the browser; the token is the secret part of the public URL.
 * Saves take turns (a lock every replica takes on Postgres; SQLite's one connection
 * otherwise): eviction then insert is one step for the whole deployment.
 */
export class StoredUploads implements UploadsStore {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
    private readonly capBytes: number,
  ) {}

  /** Keeps the image, evicting the least recently used ones a running job does not name. */
  save(image: NormalisedImage, by: string | null = null): Promise<UploadRecord> {
    return this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, 'studio-uploads');
      await this.makeRoom(trx, image.data.length);
      const rec = newUploadRecord(image);
      await trx
        .insertInto('uploads')
        .values({
          id: rec.id,
          token: rec.token,
          ext: rec.ext,
          type: rec.type,
          width: rec.width,
          height: rec.height,
          bytes: rec.bytes,
          created_at: rec.createdAt,
          last_used_ms: rec.lastUsedMs,
          data: image.data,
          created_by: by,
        })
        .execute();
      return rec;
    });
  }

  /**
   * Evicts the least recently used uploads until `bytes` more fit STUDIO_UPLOADS_MB; never
   * one a running job names, which the upstream may not have fetched yet.
   */
  private async makeRoom(trx: Db, bytes: number): Promise<void> {
    const sum = await trx
      .selectFrom('uploads')
      .select((eb) => sql<number>`CAST(COALESCE(${eb.fn.sum('bytes')}, 0) AS bigint)`.as('total'))
      .executeTakeFirstOrThrow();
    let total = Number(sum.total);
    if (total + bytes <= this.capBytes) return;
    const evictable = await trx
      .selectFrom('uploads as u')
      .select(UPLOAD_COLUMNS.map((c) => `u.${c}` as const))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('job_uploads as ju')
              .innerJoin('jobs as j', 'j.handle', 'ju.handle')
              .select('ju.handle')
              .whereRef('ju.upload_id', '=', 'u.id')
              .where(sql<SqlBool>`j.status NOT IN ('completed', 'failed')`),
          ),
        ),
      )
      .orderBy('u.last_used_ms')
      .execute();
    for (const rec of evictable.map(recordOf)) {
      if (total + bytes <= this.capBytes) break;
      await trx.deleteFrom('uploads').where('id', '=', rec.id).execute();
      total -= rec.bytes;
    }
    if (total + bytes > this.capBytes) throw storageFull(this.capBytes);
  }

  async byToken(token: string): Promise<UploadRecord | null> {
    const row = await this.db
      .selectFrom('uploads')
      .select(UPLOAD_COLUMNS)
      .where('token', '=', token)
      .executeTakeFirst();
    return row === undefined ? null : recordOf(row);
  }

  /** The image's bytes; null when it was evicted meanwhile. */
  async read(rec: UploadRecord): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('uploads')
      .select('data')
      .where('id', '=', rec.id)
      .executeTakeFirst();
    return row?.data ?? null;
  }

  /** Marks an upload as used now (served, or named by a create), for eviction order. */
  async touch(rec: UploadRecord): Promise<void> {
    const now = Date.now();
    if (now - rec.lastUsedMs < TOUCH_EVERY_MS) return;
    await this.used([rec.id], now);
  }

  private async used(ids: string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('uploads')
      .set({ last_used_ms: now })
      .where('id', 'in', ids)
      .execute();
  }

  /** Records which uploads a job's create named (`/u/<token>.<ext>`), so they outlive its run. */
  async linkJob(handle: string, body: unknown): Promise<void> {
    const tokens = [...JSON.stringify(body).matchAll(UPLOAD_REF)].flatMap((m) =>
      m[1] ? [m[1]] : [],
    );
    if (tokens.length === 0) return;
    const found = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('token', 'in', tokens)
      .execute();
    if (found.length === 0) return;
    await this.db
      .insertInto('job_uploads')
      .values(found.map((u) => ({ handle, upload_id: u.id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await this.used(
      found.map((u) => u.id),
      Date.now(),
    );
  }

  async remove(rec: UploadRecord): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', rec.id).execute();
  }
}
