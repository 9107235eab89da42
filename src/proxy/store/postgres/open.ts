import { Kysely, PostgresDialect } from 'kysely';
import type { StoreDialect } from '../dialect';
import { assembleStore, type StoreOptions } from '../open';
import type { Db, StoreTables } from '../schema';
import type { PoolStats } from '@/proxy/metrics';
import type { SharedStore } from '../shared-store';
import { postgresDialect } from './dialect';
import { openPostgres } from './pool';

/** The PostgreSQL database at `url` for the query builder, through a pool. */
export function postgresDb(
  url: string,
  onError: (e: Error) => void,
): { db: Db; d: StoreDialect; pool: () => PoolStats } {
  const pool = openPostgres(url, onError);
  const db = new Kysely<StoreTables>({ dialect: new PostgresDialect({ pool }) });
  const stats = () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return { db, d: postgresDialect(url, onError), pool: stats };
}

/** A team's store: the PostgreSQL database at `url`, shared by every replica. */
export function openPostgresStore(url: string, opts: StoreOptions): Promise<SharedStore> {
  const { db, d, pool } = postgresDb(url, opts.onError ?? (() => undefined));
  return assembleStore(db, d, opts, pool);
}
