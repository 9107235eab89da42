import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDb = Database.Database;

/**
 * Opens a SQLite file (creating it and its folder when needed) as both servers keep theirs:
 * WAL, so a background loop writes while requests read; synchronous NORMAL, durable across
 * process crashes in WAL mode (only power loss can drop the tail); foreign keys enforced;
 * a busy timeout that absorbs short overlaps between connections.
 */
export function openSqlite(file: string): SqliteDb {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
