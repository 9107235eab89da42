import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { StoreDialect } from '../store/dialect';
import { assembleStore, type StoreOptions } from '../store/open';
import { postgresDb } from '../store/postgres/open';
import { startTestPostgres, type TestPostgres } from './test-postgres';
import type { Db } from '../store/schema';
import type { SharedStore } from '../store/shared-store';
import { sqliteDb } from '../store/sqlite/open';

const TTL_MS = 72 * 60 * 60 * 1000;

export interface OpenedStore {
  kind: StoreKind;
  store: SharedStore;
  /** The store's own database and its dialect, for a test to look under the store. */
  db: Db;
  d: StoreDialect;
  /** A statement with `@name` placeholders on the store's own database, its rows. */
  query(sql: string, values?: Record<string, unknown>): Promise<unknown[]>;
  close(): Promise<void>;
}

export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];

/** `@name` placeholders as the database's own (`?` or `$1…`), with their values in order. */
function positional(kind: StoreKind, text: string, values: Record<string, unknown>) {
  const order: string[] = [];
  const sql = text.replace(/@([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for @${name}`);
    if (kind === 'sqlite') return order.push(name) > 0 ? '?' : '';
    const at = order.indexOf(name);
    return `$${at < 0 ? order.push(name) : at + 1}`;
  });
  return CompiledQuery.raw(
    sql,
    order.map((name) => values[name]),
  );
}

/** A database of either kind for the query builder, and how to throw it away. */
export interface RawStore {
  db: Db;
  d: StoreDialect;
  /** SQLite: the data dir the file is in. */
  dir: string | null;
  /** A new connection to the same database (a restart). */
  reopen(): RawStore;
  /** Removes what the database left (a temp dir); the store's `close` closes the database. */
  dispose(): void;
}

function sqliteAt(dir: string): RawStore {
  return {
    ...sqliteDb(dir),
    dir,
    reopen: () => sqliteAt(dir),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresAt(url: string): RawStore {
  return {
    ...postgresDb(url, () => undefined),
    dir: null,
    reopen: () => postgresAt(url),
    dispose: () => undefined,
  };
}

/**
 * For a suite that runs on both databases: starts a throwaway PostgreSQL before the
 * file's tests and stops it after; `open` gives a fresh store of either kind (a new SQLite
 * file, or a new database on that server), and `raw` the database alone, unmigrated.
 */
export function storeKinds(uploadsCapBytes: number) {
  let server: TestPostgres | null = null;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  const raw = async (kind: StoreKind): Promise<RawStore> => {
    if (kind === 'sqlite') return sqliteAt(mkdtempSync(path.join(tmpdir(), 'store-')));
    if (!server) throw new Error('no Postgres server');
    return postgresAt(await server.freshDatabase());
  };

  const open = async (kind: StoreKind, opts: Partial<StoreOptions> = {}): Promise<OpenedStore> => {
    const { db, d, dispose } = await raw(kind);
    const store = await assembleStore(db, d, { upstreamTtlMs: TTL_MS, uploadsCapBytes, ...opts });
    return {
      kind,
      store,
      db,
      d,
      query: async (sql, values = {}) =>
        (await db.executeQuery(positional(kind, sql, values))).rows,
      close: async () => {
        await store.close();
        dispose();
      },
    };
  };

  return {
    open,
    raw,
    /** A new, empty database on the throwaway server (for a migration test). */
    freshPostgres: (): Promise<string> => {
      if (!server) throw new Error('no Postgres server');
      return server.freshDatabase();
    },
  };
}

/**
 * Two replicas of one studio, as a test of people, invites or identities opens them: two stores, each
 * with its own connection, on one database; `keep` closes a store opened otherwise. Each
 * is closed after its test.
 */
export function replicaPairs(kinds: ReturnType<typeof storeKinds>) {
  const opened: { store: SharedStore; raw: RawStore }[] = [];
  afterEach(async () => {
    for (const { store, raw } of opened.splice(0).reverse()) {
      await store.close();
      raw.dispose();
    }
  });
  const opts = { upstreamTtlMs: TTL_MS, uploadsCapBytes: 1024 * 1024 };
  return {
    opts,
    keep: (store: SharedStore, raw: RawStore) => void opened.push({ store, raw }),
    twoReplicas: async (kind: StoreKind) => {
      const raw = await kinds.raw(kind);
      const a = await assembleStore(raw.db, raw.d, opts);
      const other = raw.reopen();
      const b = await assembleStore(other.db, other.d, opts);
      opened.push({ store: a, raw }, { store: b, raw: { ...other, dispose: () => undefined } });
      return [a, b, raw] as const;
    },
  };
}
