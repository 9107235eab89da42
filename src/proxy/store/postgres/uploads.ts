import { inTransaction, type PgPool } from '@/server/postgres';
import type { NormalisedImage } from '@/proxy/uploads/normalise';
import type { UploadsStore } from '../shared-store';
import {
  EVICTABLE,
  TOUCH_EVERY_MS,
  UPLOAD_COLUMNS,
  UPLOAD_REF,
  newUploadRecord,
  storageFull,
  toUploadRecord,
  uploadRowSchema,
  type UploadRecord,
} from '../uploads';
import { first, run, type Queryable } from './sql';

const recordOf = (row: unknown) => toUploadRecord(uploadRowSchema.parse(row));

/**
 * Uploads in Postgres, bytes and all, so that the upstream can fetch one through any
 * replica. Saves take turns on a transaction lock: eviction then insert is one step for
 * the whole deployment, as it is for one studio.
 */
export class PgUploads implements UploadsStore {
  constructor(
    private readonly pool: PgPool,
    private readonly capBytes: number,
  ) {}

  save(image: NormalisedImage): Promise<UploadRecord> {
    return inTransaction(this.pool, async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('studio-uploads'))");
      await this.makeRoom(c, image.data.length);
      const rec = newUploadRecord(image);
      await run(
        c,
        `INSERT INTO uploads (${UPLOAD_COLUMNS}, data) VALUES (@id, @token, @ext, @type,
           @width, @height, @bytes, @createdAt, @lastUsedMs, @data)`,
        { ...rec, data: image.data },
      );
      return rec;
    });
  }

  /** As `UploadStore.makeRoom`: least recently used first, never one a running job names. */
  private async makeRoom(c: Queryable, bytes: number): Promise<void> {
    const sum = await first(c, 'SELECT COALESCE(SUM(bytes), 0)::bigint AS total FROM uploads');
    let total = (sum as { total: number }).total;
    if (total + bytes <= this.capBytes) return;
    for (const rec of (await run(c, EVICTABLE)).rows.map(recordOf)) {
      if (total + bytes <= this.capBytes) break;
      await run(c, 'DELETE FROM uploads WHERE id = @id', { id: rec.id });
      total -= rec.bytes;
    }
    if (total + bytes > this.capBytes) throw storageFull(this.capBytes);
  }

  async byToken(token: string): Promise<UploadRecord | null> {
    const sql = `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE token = @token`;
    const row = await first(this.pool, sql, { token });
    return row === undefined ? null : recordOf(row);
  }

  async read(rec: UploadRecord): Promise<Buffer | null> {
    const row = await first(this.pool, 'SELECT data FROM uploads WHERE id = @id', { id: rec.id });
    return (row as { data: Buffer } | undefined)?.data ?? null;
  }

  async touch(rec: UploadRecord): Promise<void> {
    const now = Date.now();
    if (now - rec.lastUsedMs < TOUCH_EVERY_MS) return;
    await run(this.pool, 'UPDATE uploads SET last_used_ms = @now WHERE id = @id', {
      now,
      id: rec.id,
    });
  }

  async linkJob(handle: string, body: unknown): Promise<void> {
    for (const m of JSON.stringify(body).matchAll(UPLOAD_REF)) {
      const rec = m[1] ? await this.byToken(m[1]) : null;
      if (!rec) continue;
      await run(
        this.pool,
        `INSERT INTO job_uploads (handle, upload_id) VALUES (@handle, @id)
         ON CONFLICT DO NOTHING`,
        { handle, id: rec.id },
      );
      await run(this.pool, 'UPDATE uploads SET last_used_ms = @now WHERE id = @id', {
        now: Date.now(),
        id: rec.id,
      });
    }
  }

  async remove(rec: UploadRecord): Promise<void> {
    await run(this.pool, 'DELETE FROM uploads WHERE id = @id', { id: rec.id });
  }
}
