import { openPostgres } from '@/server/postgres';
import type { SharedStore } from '../shared-store';
import { PgEvents } from './events';
import { PgHistory } from './history';
import { migratePostgres } from './migrations';
import { PgSessions } from './sessions';
import { PgSignIns } from './sign-ins';
import { pgSpending } from './spending';
import { PgUploads } from './uploads';

export interface PgStoreOptions {
  /** How long the upstream keeps a job after it was created. */
  upstreamTtlMs: number;
  /** STUDIO_UPLOADS_MB in bytes: the whole deployment's share, not each replica's. */
  uploadsCapBytes: number;
  /**
   * The longest a create can wait for its answer (UPSTREAM_TIMEOUT_MS × 2): at start, only
   * creates older than twice this are taken as interrupted (0: every one, a lone replica).
   */
  createTimeoutMs?: number;
  onIdleError?: (e: Error) => void;
}

/** Connects to DATABASE_URL and brings it to the newest schema (once, whoever starts first). */
export async function openPostgresStore(url: string, opts: PgStoreOptions): Promise<SharedStore> {
  const pool = openPostgres(url, opts.onIdleError);
  try {
    await migratePostgres(pool);
  } catch (e) {
    await pool.end();
    throw e;
  }
  const row = await pool.query<{ id: string }>('SELECT id FROM deployment');
  const events = new PgEvents(pool, url, opts.onIdleError ?? (() => undefined));
  return {
    kind: 'postgres',
    deployment: row.rows[0]?.id ?? null,
    events,
    history: new PgHistory(pool, opts.upstreamTtlMs, opts.createTimeoutMs),
    sessions: new PgSessions(pool),
    signIns: new PgSignIns(pool),
    uploads: new PgUploads(pool, opts.uploadsCapBytes),
    spending: pgSpending(pool),
    close: async () => {
      await events.close();
      await pool.end();
    },
  };
}
