import path from 'node:path';
import type { ProxyConfig } from '../config';
import type { Logger } from '../log';
import type { SqliteDb } from '@/server/sqlite';
import { JobStore } from './jobs';
import { openPostgresStore } from './postgres/open';
import type { SharedStore } from './shared-store';
import { sqliteShared } from './sqlite-store';
import { UploadStore } from './uploads';

const MB = 1024 * 1024;

/** The password inside DATABASE_URL, so that no log line can carry it. */
export const databasePassword = (url: string | undefined): string | undefined =>
  url ? decodeURIComponent(new URL(url).password) || undefined : undefined;

/**
 * What replicas share: the SQLite file's stores by default, or the PostgreSQL database at
 * DATABASE_URL (brought to the newest schema first).
 */
export function openShared(
  config: ProxyConfig,
  db: SqliteDb,
  dataDir: string,
  log: Logger,
): Promise<SharedStore> {
  const ttlMs = config.upstreamJobTtlH * 60 * 60 * 1000;
  if (config.databaseUrl) {
    return openPostgresStore(config.databaseUrl, {
      upstreamTtlMs: ttlMs,
      uploadsCapBytes: config.uploadsMb * MB,
      createTimeoutMs: 2 * config.upstreamTimeoutMs,
      onIdleError: (err) => log.warn('a database connection failed', { err }),
    });
  }
  const uploads = new UploadStore(db, path.join(dataDir, 'uploads'), config.uploadsMb * MB);
  return Promise.resolve(sqliteShared(db, new JobStore(db, ttlMs), uploads));
}
