import { Kysely, PostgresDialect } from 'kysely';
import type { StoreDialect } from '../dialect';
import { assembleStore, type StoreOptions } from '../open';
import type { Db, StoreTables } from '../schema';
import type { SharedStore } from '../shared-store';
import { postgresDialect } from './dialect';
import { openPostgres } from './pool';

/** The PostgreSQL database at `url` for the query builder, through a pool. */
export function postgresDb(url: string, onError: (e: Error) => void): { db: Db; d: StoreDialect } {
  const db = new Kysely<StoreTables>({
    dialect: new PostgresDialect({ pool: openPostgres(url, onError) }),
  });
  return { db, d: postgresDialect(url, onError) };
}

/** A team's store: the PostgreSQL database at `url`, shared by every replica. */
export function openPostgresStore(url: string, opts: StoreOptions): Promise<SharedStore> {
  const { db, d } = postgresDb(url, opts.onError ?? (() => undefined));
  return assembleStore(db, d, opts);
}
