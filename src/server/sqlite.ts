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

/** Distinct history filters make distinct SQL; more than this is not worth keeping. */
const MAX_STATEMENTS = 256;
const statements = new WeakMap<SqliteDb, Map<string, Database.Statement>>();

/**
 * The statement for `sql`, compiled once per database and kept: compiling costs more than
 * most of the studio's reads (a job read prepared its SELECT every time). Past
 * MAX_STATEMENTS the least recently used goes, so many one-off searches cannot push out
 * the statements every request runs.
 */
export function prepared(db: SqliteDb, sql: string): Database.Statement {
  let bySql = statements.get(db);
  if (!bySql) {
    bySql = new Map();
    statements.set(db, bySql);
  }
  let statement = bySql.get(sql);
  if (statement) {
    // Last in the map's order: the most recently used.
    bySql.delete(sql);
  } else {
    if (bySql.size >= MAX_STATEMENTS) bySql.delete(bySql.keys().next().value ?? '');
    statement = db.prepare(sql);
  }
  bySql.set(sql, statement);
  return statement;
}
