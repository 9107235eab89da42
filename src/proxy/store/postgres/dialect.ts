import { sql } from 'kysely';
import type { Exec, StoreDialect } from '../dialect';
import { postgresLegacy } from './legacy';
import { postgresLedger } from './ledger';
import { PgNotifier } from './notify';
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
  return {
    kind: 'postgres',
    exec,
    types: { bytes: 'bytea', sequence: 'bigint' },
    sequence: (c, key) =>
      key ? c.primaryKey().generatedAlwaysAsIdentity() : c.generatedAlwaysAsIdentity().unique(),
    nextSeq: null,
    rowLocks: true,
    lock: async (trx, name) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
    },
    lockSession: async (conn, name) => {
      await sql`SELECT pg_advisory_lock(hashtext(${name}))`.execute(conn);
    },
    unlockSession: async (conn, name) => {
      await sql`SELECT pg_advisory_unlock(hashtext(${name}))`.execute(conn);
    },
    search: postgresSearch(exec),
    ledger: postgresLedger(exec),
    notifier: new PgNotifier(url, onError),
    legacy: postgresLegacy,
  };
}
