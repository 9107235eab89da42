import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPostgres } from '@/server/postgres';
import { startTestPostgres, type TestPostgres } from '@/server/test-postgres';
import { openDatabase } from '../store/db';
import { JobStore } from '../store/jobs';
import { openPostgresStore } from '../store/postgres/open';
import { run } from '../store/postgres/sql';
import type { SharedStore } from '../store/shared-store';
import { sqliteShared } from '../store/sqlite-store';
import { UploadStore } from '../store/uploads';

const TTL_MS = 72 * 60 * 60 * 1000;

export interface OpenedStore {
  store: SharedStore;
  /** A statement with `@name` placeholders on the store's own database, its rows. */
  query(sql: string, values?: Record<string, unknown>): Promise<unknown[]>;
  close(): Promise<void>;
}

export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];

/**
 * For a suite that runs on both stores: starts a throwaway PostgreSQL before the file's
 * tests and stops it after; `open` gives a fresh store of either kind (a new SQLite
 * file, or a new database on that server).
 */
export function storeKinds(uploadsCapBytes: number) {
  let server: TestPostgres | null = null;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  const sqlite = (): OpenedStore => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shared-store-'));
    const db = openDatabase(dir);
    const uploads = new UploadStore(db, path.join(dir, 'uploads'), uploadsCapBytes);
    return {
      store: sqliteShared(db, new JobStore(db, TTL_MS), uploads),
      query: (sql, values = {}) => Promise.resolve(db.prepare(sql).all(values)),
      close: () => {
        db.close();
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  };
  const postgres = async (): Promise<OpenedStore> => {
    if (!server) throw new Error('no Postgres server');
    const url = await server.freshDatabase();
    const store = await openPostgresStore(url, { upstreamTtlMs: TTL_MS, uploadsCapBytes });
    const pool = openPostgres(url);
    return {
      store,
      query: async (sql, values = {}) => (await run(pool, sql, values)).rows,
      close: async () => {
        await pool.end();
        await store.close();
      },
    };
  };
  return {
    open: (kind: StoreKind): Promise<OpenedStore> =>
      kind === 'sqlite' ? Promise.resolve(sqlite()) : postgres(),
    /** A new, empty database on the throwaway server (for a migration test). */
    freshPostgres: (): Promise<string> => {
      if (!server) throw new Error('no Postgres server');
      return server.freshDatabase();
    },
  };
}
