import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

/** Opens (creating when needed) STUDIO_DATA_DIR/studio.sqlite at the newest schema. */
export function openDatabase(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'studio.sqlite'));
  // WAL lets the poller write while requests read; a busy timeout absorbs short overlaps.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Distinct history filters make distinct SQL; more than this is not worth keeping. */
const MAX_STATEMENTS = 256;
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement for `sql`, compiled once per database and kept: compiling costs more than
 * most of the studio's reads (a job read prepared its SELECT every time).
 */
export function prepared(db: Database.Database, sql: string): Database.Statement {
  let bySql = statements.get(db);
  if (!bySql) {
    bySql = new Map();
    statements.set(db, bySql);
  }
  let statement = bySql.get(sql);
  if (!statement) {
    if (bySql.size >= MAX_STATEMENTS) bySql.delete(bySql.keys().next().value ?? '');
    statement = db.prepare(sql);
    bySql.set(sql, statement);
  }
  return statement;
}
