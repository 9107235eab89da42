import { sql } from 'kysely';
import { prepared, type SqliteDb } from '@/server/sqlite';
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
    // Outside a transaction a statement is whole by itself, and JavaScript runs nothing
    // else while it does: no turn to wait for. In one, it must wait for the transaction.
    runNow: (query) => {
      if (raw.inTransaction) return null;
      const statement = prepared(raw, query.sql);
      const values = query.parameters as unknown[];
      if (statement.reader) return statement.all(values);
      statement.run(values);
      return [];
    },
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
