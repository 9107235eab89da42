import { sql } from 'kysely';
import type { SqliteDb } from '@/server/sqlite';
import type { Exec, StoreDialect } from '../dialect';
import { legacyUploadsDir, sqliteLegacy } from './legacy';
import { sqliteLedger } from './ledger';
import { LocalNotifier } from './notify';
import { sqliteSearch } from './search';

/**
 * SQLite's part of the store, over the studio's file and its one connection `raw`: one
 * writer at a time, so nothing needs a lock; scripts go straight to the connection, which
 * is the one the query builder's transaction holds.
 */
export function sqliteDialect(raw: SqliteDb, dataDir: string): StoreDialect {
  const exec: Exec = (_db, script) => {
    raw.exec(script);
    return Promise.resolve();
  };
  const done = () => Promise.resolve();
  return {
    kind: 'sqlite',
    exec,
    types: { bytes: 'blob', sequence: 'integer' },
    // AUTOINCREMENT: an event's number is never given again, even after the newest went.
    sequence: (c, key) => (key ? c.primaryKey().autoIncrement() : c.notNull().unique()),
    nextSeq: sql<number>`(SELECT COALESCE(MAX(seq), 0) + 1 FROM jobs)`,
    rowLocks: false,
    lock: done,
    lockSession: done,
    unlockSession: done,
    search: sqliteSearch(exec),
    ledger: sqliteLedger(exec),
    notifier: new LocalNotifier(),
    legacy: sqliteLegacy(raw, legacyUploadsDir(dataDir)),
  };
}
