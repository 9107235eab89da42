import type Database from 'better-sqlite3';
import { z } from 'zod';
import { prepared } from '@/server/sqlite';

/** Touching on every view would write on every image shown; a minute is fine for LRU. */
const TOUCH_EVERY_MS = 60_000;

const candidateSchema = z.array(
  z.object({ handle: z.string(), key: z.string(), bytes: z.number().int() }),
);
export type MediaFile = z.infer<typeof candidateSchema>[number];

/** The media cache's files: size and last use, for eviction under STUDIO_MEDIA_CACHE_MB. */
export class MediaIndex {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Database.Database,
    private readonly upstreamTtlMs: number,
  ) {}

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

  /**
   * The next files to evict: of deleted jobs first, then of jobs the upstream still has
   * (they can be fetched again), then the rest; least recently used first within each.
   * A file of a job the upstream no longer has is only evicted when nothing else is left.
   */
  candidates(limit: number): MediaFile[] {
    const rows = prepared(
      this.db,
      `SELECT m.handle, m.key, m.bytes FROM media_files m
         LEFT JOIN jobs j ON j.handle = m.handle AND j.deleted_at IS NULL
         ORDER BY CASE
             WHEN j.handle IS NULL THEN 0
             WHEN j.upstream_gone = 0 AND j.added_ms >= @expiredBefore THEN 1
             ELSE 2
           END,
           m.last_used_ms
         LIMIT @limit`,
    ).all({ expiredBefore: Date.now() - this.upstreamTtlMs, limit });
    return candidateSchema.parse(rows);
  }

  forget(handle: string, key: string): void {
    prepared(this.db, 'DELETE FROM media_files WHERE handle = ? AND key = ?').run(handle, key);
  }

  forgetJob(handle: string): void {
    prepared(this.db, 'DELETE FROM media_files WHERE handle = ?').run(handle);
  }
}
