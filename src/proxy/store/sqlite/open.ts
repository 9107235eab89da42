import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { openSqlite, prepared, type SqliteDb } from '@/server/sqlite';
import type { StoreDialect } from '../dialect';
import { assembleStore, type StoreOptions } from '../open';
import type { Db, StoreTables } from '../schema';
import type { SharedStore } from '../shared-store';
import { sqliteDialect } from './dialect';
import { legacyUploadsDir } from './legacy';

/**
 * STUDIO_DATA_DIR/studio.sqlite (created when needed) for the query builder, over its one
 * connection, each statement compiled once and kept: compiling costs more than most of the
 * studio's reads.
 */
export function sqliteDb(
  dataDir: string,
  onError: (e: Error) => void = () => undefined,
): { db: Db; d: StoreDialect; raw: SqliteDb } {
  const raw = openSqlite(path.join(dataDir, 'studio.sqlite'));
  const db = new Kysely<StoreTables>({
    dialect: new SqliteDialect({
      database: { prepare: (text) => prepared(raw, text), close: () => raw.close() },
    }),
  });
  return { db, d: sqliteDialect(raw, dataDir, onError), raw };
}

/** How often the planner's statistics are brought up to date while the studio runs. */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps SQLite's planner statistics (`sqlite_stat1`) current, as SQLite advises for a
 * connection that stays open: gathered at once if the history was never measured (rows
 * a studio wrote before, or written by hand), then `PRAGMA optimize` at open, every hour
 * and at close. Without them the planner sorted every job of 90 days to find the ten that
 * cost most (170 ms at 100,000 jobs, against 0.5 ms).
 */
function keepStatistics(raw: SqliteDb): () => void {
  raw.pragma('analysis_limit = 1000');
  const measured = raw.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get();
  const ledger = measured && raw.prepare("SELECT 1 FROM sqlite_stat1 WHERE tbl = 'ledger'").get();
  if (!ledger) raw.exec('ANALYZE');
  raw.pragma('optimize = 0x10002');
  const timer = setInterval(() => raw.pragma('optimize'), OPTIMIZE_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    raw.pragma('optimize');
  };
}

/**
 * One studio's store, in its SQLite file. A folder of upload files an older studio left
 * was moved into the database by the migration, and goes.
 */
export async function openSqliteStore(dataDir: string, opts: StoreOptions): Promise<SharedStore> {
  const { db, d, raw } = sqliteDb(dataDir, opts.onError);
  const store = await assembleStore(db, d, opts);
  await rm(legacyUploadsDir(dataDir), { recursive: true, force: true });
  const stop = keepStatistics(raw);
  return {
    ...store,
    close: async () => {
      stop();
      await store.close();
    },
  };
}
