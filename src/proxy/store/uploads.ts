import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { newHandle, newToken } from '../model/ids';
import { StudioHttpError, studioError } from '../studio-error';
import type { NormalisedImage } from '../uploads/normalise';
import { prepared } from '@/server/sqlite';

export const uploadRowSchema = z.object({
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

export const toUploadRecord = (r: z.infer<typeof uploadRowSchema>): UploadRecord => ({
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

export const storageFull = (capBytes: number) =>
  new StudioHttpError(
    studioError(
      507,
      'storage_full',
      `The studio's upload storage is full (STUDIO_UPLOADS_MB is ${Math.round(capBytes / (1024 * 1024))} MB) and what it holds is needed by running jobs.`,
      'Wait for running jobs to finish and try again, or ask the operator to raise STUDIO_UPLOADS_MB.',
    ),
  );

/** `/u/<token>.<ext>` in any text, such as a create's body. */
export const UPLOAD_REF = /\/u\/([A-Za-z0-9_-]{22})\.(?:png|jpg|webp|gif)\b/g;

/** Touching on every read would write on every image view; a minute is fine for LRU. */
export const TOUCH_EVERY_MS = 60_000;

export const UPLOAD_COLUMNS =
  'id, token, ext, type, width, height, bytes, created_at, last_used_ms';

/** Uploads no running job names, least recently used first: the ones eviction may take. */
export const EVICTABLE = `SELECT ${UPLOAD_COLUMNS} FROM uploads u WHERE NOT EXISTS (
    SELECT 1 FROM job_uploads ju JOIN jobs j ON j.handle = ju.handle
    WHERE ju.upload_id = u.id AND j.status NOT IN ('completed', 'failed'))
  ORDER BY last_used_ms`;

/** A new upload's record: its id for the browser, its token for the public URL. */
export const newUploadRecord = (image: NormalisedImage): UploadRecord => ({
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

/**
 * Uploaded images: a row each and a file under STUDIO_DATA_DIR/uploads named by its token.
 * The id is for the browser; the token is the secret part of the public URL.
 */
export class UploadStore {
  private saving: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database.Database,
    readonly dir: string,
    private readonly capBytes: number,
  ) {}

  fileOf(rec: Pick<UploadRecord, 'token' | 'ext'>): string {
    return path.join(this.dir, `${rec.token}.${rec.ext}`);
  }

  /** Writes the file (whole, or not at all) and then its row, one upload at a time. */
  save(image: NormalisedImage): Promise<UploadRecord> {
    const run = this.saving.then(() => this.saveNow(image));
    this.saving = run.catch(() => undefined);
    return run;
  }

  private async saveNow(image: NormalisedImage): Promise<UploadRecord> {
    await this.makeRoom(image.data.length);
    await mkdir(this.dir, { recursive: true });
    const rec = newUploadRecord(image);
    const file = this.fileOf(rec);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(tmp, image.data);
    await rename(tmp, file);
    prepared(
      this.db,
      `INSERT INTO uploads (id, token, ext, type, width, height, bytes, created_at, last_used_ms)
         VALUES (@id, @token, @ext, @type, @width, @height, @bytes, @createdAt, @lastUsedMs)`,
    ).run(rec);
    return rec;
  }

  byToken(token: string): UploadRecord | null {
    const row: unknown = prepared(
      this.db,
      `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE token = ?`,
    ).get(token);
    return row === undefined ? null : toUploadRecord(uploadRowSchema.parse(row));
  }

  /** Marks an upload as used now (served, or named by a create), for eviction order. */
  touch(rec: UploadRecord): void {
    const now = Date.now();
    if (now - rec.lastUsedMs < TOUCH_EVERY_MS) return;
    prepared(this.db, 'UPDATE uploads SET last_used_ms = ? WHERE id = ?').run(now, rec.id);
  }

  /** Records which uploads a job's create named, so they outlive its run. */
  linkJob(handle: string, body: unknown): void {
    const text = JSON.stringify(body);
    const link = prepared(
      this.db,
      'INSERT OR IGNORE INTO job_uploads (handle, upload_id) VALUES (?, ?)',
    );
    for (const m of text.matchAll(UPLOAD_REF)) {
      const rec = m[1] ? this.byToken(m[1]) : null;
      if (!rec) continue;
      link.run(handle, rec.id);
      prepared(this.db, 'UPDATE uploads SET last_used_ms = ? WHERE id = ?').run(Date.now(), rec.id);
    }
  }

  /**
   * Evicts the least recently used uploads until `bytes` more fit STUDIO_UPLOADS_MB; never
   * one a running job names, which the upstream may not have fetched yet.
   */
  private async makeRoom(bytes: number): Promise<void> {
    let total = Number(
      prepared(this.db, 'SELECT COALESCE(SUM(bytes), 0) FROM uploads').pluck().get(),
    );
    if (total + bytes <= this.capBytes) return;
    const evictable = prepared(this.db, EVICTABLE)
      .all()
      .map((r) => toUploadRecord(uploadRowSchema.parse(r)));
    for (const rec of evictable) {
      if (total + bytes <= this.capBytes) break;
      await this.remove(rec);
      total -= rec.bytes;
    }
    if (total + bytes > this.capBytes) throw storageFull(this.capBytes);
  }

  /** Deletes an upload's row, then its file. */
  async remove(rec: UploadRecord): Promise<void> {
    prepared(this.db, 'DELETE FROM uploads WHERE id = ?').run(rec.id);
    await rm(this.fileOf(rec), { force: true });
  }
}
