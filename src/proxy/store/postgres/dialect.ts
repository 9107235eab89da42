import { sql } from 'kysely';
import type { Exec, StoreDialect } from '../dialect';
import type { Db } from '../schema';
import { postgresLegacy } from './legacy';
import { postgresLedger } from './ledger';
import { PgEvents } from './events';
import { postgresSearch } from './search';

/**
 * Postgres's part of the store: replicas write at once, so rows read for a change are
 * locked, and sections every replica must take in turn hold an advisory lock named for
 * them. `url` is for the listening connection, which stays out of the pool.
 */
export function postgresDialect(url: string, onError: (e: Error) => void): StoreDialect {
  const exec: Exec = async (db, script) => {
    await sql.raw(script).execute(db);
  };
  const lock = async (trx: Db, name: string) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
  };
  const dialect: StoreDialect = {
    kind: 'postgres',
    exec,
    types: { bytes: 'bytea', sequence: 'bigint' },
    sequence: (c, key) =>
      key ? c.primaryKey().generatedAlwaysAsIdentity() : c.generatedAlwaysAsIdentity().unique(),
    nextSeq: null,
    rowLocks: true,
    replicas: true,
    runNow: () => null,
    lock,
    inTurn: (db, name, fn) =>
      db.transaction().execute(async (trx) => {
        await lock(trx, name);
        return fn(trx);
      }),
    lockSession: async (conn, name) => {
      await sql`SELECT pg_advisory_lock(hashtext(${name}))`.execute(conn);
    },
    unlockSession: async (conn, name) => {
      await sql`SELECT pg_advisory_unlock(hashtext(${name}))`.execute(conn);
    },
    search: postgresSearch(exec),
    ledger: postgresLedger(exec),
    events: new PgEvents(url, () => dialect, onError),
    legacy: postgresLegacy,
  };
  return dialect;
}
