import path from 'node:path';
import { openSqlite, type SqliteDb } from '@/server/sqlite';
import { migrate } from './schema';

export type Db = SqliteDb;

/** Opens (creating and migrating as needed) `<dataDir>/engine.sqlite`. */
export function openDatabase(dataDir: string): Db {
  const db = openSqlite(path.join(dataDir, 'engine.sqlite'));
  migrate(db);
  return db;
}
