import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { openSqlite, prepared } from '@/server/sqlite';
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
): { db: Db; d: StoreDialect } {
  const raw = openSqlite(path.join(dataDir, 'studio.sqlite'));
  const db = new Kysely<StoreTables>({
    dialect: new SqliteDialect({
      database: { prepare: (text) => prepared(raw, text), close: () => raw.close() },
    }),
  });
  return { db, d: sqliteDialect(raw, dataDir, onError) };
}

/**
 * One studio's store, in its SQLite file. A folder of upload files an older studio left
 * was moved into the database by the migration, and goes.
 */
export async function openSqliteStore(dataDir: string, opts: StoreOptions): Promise<SharedStore> {
  const { db, d } = sqliteDb(dataDir, opts.onError);
  const store = await assembleStore(db, d, opts);
  await rm(legacyUploadsDir(dataDir), { recursive: true, force: true });
  return store;
}
