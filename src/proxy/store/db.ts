import path from 'node:path';
import { openSqlite, type SqliteDb } from '@/server/sqlite';
import { migrate } from './migrations';

/** Opens (creating when needed) STUDIO_DATA_DIR/studio.sqlite at the newest schema. */
export function openDatabase(dataDir: string): SqliteDb {
  const db = openSqlite(path.join(dataDir, 'studio.sqlite'));
  migrate(db);
  return db;
}
