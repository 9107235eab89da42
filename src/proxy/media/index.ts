import path from 'node:path';
import { z } from 'zod';
import { runMigrations } from '@/server/migrations';
import { openSqlite, prepared, type SqliteDb } from '@/server/sqlite';

/** Touching on every view would write on every image shown; a minute is fine for LRU. */
const TOUCH_EVERY_MS = 60_000;

const fileSchema = z.array(
  z.object({ handle: z.string(), key: z.string(), bytes: z.number().int() }),
);
export type MediaFile = z.infer<typeof fileSchema>[number];

const STEPS = [
  `CREATE TABLE media_files (
     handle       TEXT NOT NULL,
     key          TEXT NOT NULL,
     bytes        INTEGER NOT NULL,
     last_used_ms INTEGER NOT NULL,
     PRIMARY KEY (handle, key)
   );
   CREATE INDEX media_lru ON media_files(last_used_ms);`,
];

/**
 * The media cache's files with their sizes and last use, for eviction under
 * STUDIO_MEDIA_CACHE_MB: STUDIO_DATA_DIR/media-index.sqlite, each replica's own, as the
 * cache is. A cache, so a lost index is rebuilt from the files (`MediaCache.reindex`).
 */
export class MediaIndex {
  private readonly touched = new Map<string, number>();

  private constructor(private readonly db: SqliteDb) {}

  static open(dataDir: string): MediaIndex {
    const db = openSqlite(path.join(dataDir, 'media-index.sqlite'));
    try {
      runMigrations(db, STEPS, {
        tooNew: (current, known) =>
          `The media cache's index is at version ${current}, newer than this program knows (${known}). Use a newer studio, or delete ${path.join(dataDir, 'media-index.sqlite')}: it is rebuilt from the cache.`,
      });
    } catch (e) {
      db.close();
      throw e;
    }
    return new MediaIndex(db);
  }

  record(handle: string, key: string, bytes: number): void {
    prepared(
      this.db,
      `INSERT OR REPLACE INTO media_files (handle, key, bytes, last_used_ms) VALUES (?, ?, ?, ?)`,
    ).run(handle, key, bytes, Date.now());
  }

  touch(handle: string, key: string): void {
    const id = `${handle}/${key}`;
    const now = Date.now();
    if (now - (this.touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    if (this.touched.size > 10_000) this.touched.clear();
    this.touched.set(id, now);
    prepared(this.db, 'UPDATE media_files SET last_used_ms = ? WHERE handle = ? AND key = ?').run(
      now,
      handle,
      key,
    );
  }

  totalBytes(): number {
    return Number(
      prepared(this.db, 'SELECT COALESCE(SUM(bytes), 0) FROM media_files').pluck().get(),
    );
  }

  isEmpty(): boolean {
    return prepared(this.db, 'SELECT 1 FROM media_files LIMIT 1').get() === undefined;
  }

  /** Every file, least recently used first. */
  files(): MediaFile[] {
    const sql = 'SELECT handle, key, bytes FROM media_files ORDER BY last_used_ms';
    return fileSchema.parse(prepared(this.db, sql).all());
  }

  forget(handle: string, key: string): void {
    prepared(this.db, 'DELETE FROM media_files WHERE handle = ? AND key = ?').run(handle, key);
  }

  forgetJob(handle: string): void {
    prepared(this.db, 'DELETE FROM media_files WHERE handle = ?').run(handle);
  }

  close(): void {
    this.db.close();
  }
}
