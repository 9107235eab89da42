import { sql } from 'kysely';
import type { ProxyConfig } from '../config';
import type { Logger } from '../log';
import type { StoreDialect } from './dialect';
import { StoredAudit } from './audit';
import { StoredBudgets } from './budgets';
import { StoredCollections } from './collections';
import { StoredEvents } from './events';
import { History } from './history';
import { StoredQueue } from './queue';
import { StoredInvites } from './invites';
import { StoredMasks } from './masks';
import { StoredShares } from './shares';
import { StoredIdentities } from './identities';
import { migrateStore } from './migrations';
import { StoredOidcTransactions } from './oidc-transactions';
import { StoredPeople } from './people';
import { StoredPresets } from './presets';
import { openPostgresStore } from './postgres/open';
import type { Db } from './schema';
import { StoredSessions } from './sessions';
import type { PoolStats } from '../metrics';
import type { SharedStore } from './shared-store';
import { StoredSignIns } from './sign-ins';
import { spendingReads } from './spending';
import { openSqliteStore } from './sqlite/open';
import { StoredUploads } from './uploads';

const MB = 1024 * 1024;

export interface StoreOptions {
  /** How long the upstream keeps a job after it was created. */
  upstreamTtlMs: number;
  /** STUDIO_UPLOADS_MB in bytes: the whole deployment's share, not each replica's. */
  uploadsCapBytes: number;
  /**
   * On a team's replicas, the longest a create can wait for its answer (twice the
   * upstream timeout): at start, only creates older than twice this are taken as
   * interrupted. One studio takes every create it was still waiting for.
   */
  createTimeoutMs?: number;
  /** STUDIO_MAX_RUNNING: the most jobs the studio keeps in flight; none when unset. */
  maxRunning?: number | null;
  /** The studio's time zone (STUDIO_TIME_ZONE), whose local days and months budgets count. */
  timeZone?: string;
  /** A connection lost while idle, or an event that could not be read. */
  onError?: (e: Error) => void;
}

/**
 * The store over an open database and its dialect, brought to the newest schema first:
 * every part is the same code on both databases.
 */
export async function assembleStore(
  db: Db,
  d: StoreDialect,
  opts: StoreOptions,
  pool: () => PoolStats | null = () => null,
): Promise<SharedStore> {
  try {
    await migrateStore(db, d);
  } catch (e) {
    await db.destroy();
    throw e;
  }
  const deployment = await db.selectFrom('deployment').select('id').executeTakeFirstOrThrow();
  const events = new StoredEvents(db, d, opts.onError ?? (() => undefined));
  const people = new StoredPeople(db, d);
  const history = new History(db, d, opts.upstreamTtlMs, opts.createTimeoutMs ?? 0);
  return {
    kind: d.kind,
    deployment: deployment.id,
    history,
    queue: new StoredQueue(db, d, (change) => history.changed(change), opts.maxRunning ?? null),
    people,
    invites: new StoredInvites(db, people),
    budgets: new StoredBudgets(db, d, opts.timeZone ?? 'UTC'),
    audit: new StoredAudit(db),
    shares: new StoredShares(db),
    presets: new StoredPresets(db, d),
    collections: new StoredCollections(db, d),
    masks: new StoredMasks(db, d),
    sessions: new StoredSessions(db, d),
    identities: new StoredIdentities(people),
    oidcTransactions: new StoredOidcTransactions(db),
    signIns: new StoredSignIns(db, d),
    uploads: new StoredUploads(db, d, opts.uploadsCapBytes),
    spending: spendingReads(db, d),
    events,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    pool,
    close: async () => {
      await events.close();
      await db.destroy();
    },
  };
}

/** The password inside DATABASE_URL, so that no log line can carry it. */
export const databasePassword = (url: string | undefined): string | undefined =>
  url ? decodeURIComponent(new URL(url).password) || undefined : undefined;

/**
 * The store: the SQLite file in STUDIO_DATA_DIR by default, or the PostgreSQL database at
 * DATABASE_URL that a team's replicas share.
 */
export function openStore(config: ProxyConfig, dataDir: string, log: Logger): Promise<SharedStore> {
  const opts = {
    upstreamTtlMs: config.upstreamJobTtlH * 60 * 60 * 1000,
    uploadsCapBytes: config.uploadsMb * MB,
    timeZone: config.timeZone,
    maxRunning: config.maxRunning ?? null,
    onError: (err: Error) => log.warn('the database failed', { err }),
  };
  return config.databaseUrl
    ? openPostgresStore(config.databaseUrl, {
        ...opts,
        createTimeoutMs: 2 * config.upstreamTimeoutMs,
      })
    : openSqliteStore(dataDir, opts);
}
