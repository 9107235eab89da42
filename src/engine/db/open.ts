import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './schema';

export type Db = Database.Database;

/** Opens (creating and migrating as needed) `<dataDir>/engine.sqlite`. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'engine.sqlite'));
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode; only power loss can drop the tail.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
