import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { StoreDialect } from '@/proxy/store/dialect';
import { assembleStore } from '@/proxy/store/open';
import { postgresDb } from '@/proxy/store/postgres/open';
import { rowColumns, type NewJob } from '@/proxy/store/rows';
import type { Db, JobsTable } from '@/proxy/store/schema';
import { sqliteDb } from '@/proxy/store/sqlite/open';
import { openSqlite } from '@/server/sqlite';
import { indexed } from '@/proxy/store/search';

const BATCH = 500;
const OPTS = { upstreamTtlMs: 72 * 60 * 60 * 1000, uploadsCapBytes: 1024 * 1024 };

/**
 * Writes `count` jobs (`make(i)`, oldest first) into a store's database as the studio
 * writes them, 500 rows a statement, the prompt index and the ledger following by their
 * triggers or columns: the same on both databases.
 */
async function fillJobs(
  db: Db,
  d: StoreDialect,
  count: number,
  make: (i: number) => NewJob,
): Promise<void> {
  for (let from = 0; from < count; from += BATCH) {
    const rows: Insertable<JobsTable>[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const job = make(i);
      rows.push({
        ...rowColumns(job, null),
        ...indexed(d, job.prompt),
        // SQLite numbers a row as its insert says; one statement's rows, by hand.
        ...(d.nextSeq ? { seq: i + 1 } : {}),
      });
    }
    await db.transaction().execute((trx) => trx.insertInto('jobs').values(rows).execute());
  }
}

/** The store at `dataDir` (SQLite) or `url` (Postgres), migrated and filled; then closed. */
export async function fillStore(
  at: { dataDir: string } | { url: string },
  count: number,
  make: (i: number) => NewJob,
): Promise<void> {
  const { db, d } = 'url' in at ? postgresDb(at.url, () => undefined) : sqliteDb(at.dataDir);
  const store = await assembleStore(db, d, OPTS);
  try {
    await fillJobs(db, d, count, make);
  } finally {
    await store.close();
  }
}

/** The studio's SQLite file at the newest schema, open for a bench to write by hand. */
export async function migratedSqlite(dataDir: string): Promise<Database.Database> {
  await fillStore({ dataDir }, 0, () => {
    throw new Error('no jobs');
  });
  return openSqlite(path.join(dataDir, 'studio.sqlite'));
}
