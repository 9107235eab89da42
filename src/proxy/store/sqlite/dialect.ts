import { sql } from 'kysely';
import type { SqliteDb } from '@/server/sqlite';
import type { Exec, StoreDialect } from '../dialect';
import { legacyUploadsDir, sqliteLegacy } from './legacy';
import { sqliteLedger } from './ledger';
import { LocalEvents } from './events';
import { sqliteSearch } from './search';

/**
 * SQLite's part of the store, over the studio's file and its one connection `raw`: one
 * writer at a time, so nothing needs a lock; scripts go straight to the connection, which
 * is the one the query builder's transaction holds.
 */
export function sqliteDialect(
  raw: SqliteDb,
  dataDir: string,
  onError: (e: Error) => void,
): StoreDialect {
  const exec: Exec = (_db, script) => {
    raw.exec(script);
    return Promise.resolve();
  };
  const done = () => Promise.resolve();
  return {
    kind: 'sqlite',
    exec,
    types: { bytes: 'blob', sequence: 'integer' },
    // The rowid: one more than the newest row, which pruning never removes.
    sequence: (c, key) => (key ? c.primaryKey() : c.notNull().unique()),
    nextSeq: sql<number>`(SELECT COALESCE(MAX(seq), 0) + 1 FROM jobs)`,
    rowLocks: false,
    replicas: false,
    lock: done,
    inTurn: (db, _name, fn) => fn(db),
    lockSession: done,
    unlockSession: done,
    search: sqliteSearch(exec),
    ledger: sqliteLedger(exec),
    events: new LocalEvents(onError),
    legacy: sqliteLegacy(raw, legacyUploadsDir(dataDir)),
  };
}
