import { randomBytes } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { SchemaDb, StoreDialect } from './dialect';
import type { Db } from './schema';
import { LATER_STEPS } from './later-steps';

/** Each step is written once and runs on both databases; append, never edit. */
export type Step = (db: SchemaDb, d: StoreDialect) => Promise<void>;

/** What `jobs.status` holds for a job that can change no more. */
const FINISHED = sql<SqlBool>`status NOT IN ('completed', 'failed')`;

type Make = (db: SchemaDb, d: StoreDialect) => Promise<void>;
const REAL = 'double precision';

async function jobs(db: SchemaDb, d: StoreDialect): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('seq', d.types.sequence, (c) => d.sequence(c, false))
    .addColumn('upstream_id', 'text', (c) => c.notNull())
    .addColumn('parent_handle', 'text', (c) => c.references('jobs.handle'))
    .addColumn('parent_index', 'integer')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', REAL, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('cost_frozen', REAL, (c) => c.notNull().defaultTo(0))
    .addColumn('cost_consumed', REAL, (c) => c.notNull().defaultTo(0))
    .addColumn('cost_unit', 'text', (c) => c.notNull().defaultTo('credit'))
    .addColumn('output_json', 'text')
    .addColumn('dims_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('error_json', 'text')
    .addColumn('task_json', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('hook_token', 'text')
    .addColumn('favourite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('upstream_gone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('params_json', 'text')
    .addColumn('create_state', 'text')
    .addColumn('media_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const index = (name: string, ...columns: string[]) =>
    db.schema.createIndex(name).on('jobs').columns(columns);
  await index('jobs_active', 'seq').where(FINISHED).execute();
  await index('jobs_parent', 'parent_handle').execute();
  await index('jobs_created', 'created_ms').execute();
  await index('jobs_operation', 'operation', 'seq').execute();
  await index('jobs_status', 'status', 'seq').execute();
  await index('jobs_favourite', 'seq')
    .where(sql<SqlBool>`favourite = 1`)
    .execute();
  await index('jobs_media_pending', 'seq')
    .where(sql<SqlBool>`media_pending = 1`)
    .execute();
  await index('jobs_sending', 'added_ms')
    .where(sql<SqlBool>`create_state = 'sending'`)
    .execute();
  await index('jobs_hook', 'hook_token')
    .unique()
    .where(sql<SqlBool>`hook_token IS NOT NULL`)
    .execute();
  await d.search.create(db);
}

async function idempotencyKeys(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull().references('jobs.handle'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

async function sessions(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .execute();
}

async function uploads(db: SchemaDb, d: StoreDialect): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_ms', 'bigint', (c) => c.notNull())
    .addColumn('data', d.types.bytes, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_lru').on('uploads').column('last_used_ms').execute();
  await db.schema
    .createTable('job_uploads')
    .addColumn('handle', 'text', (c) => c.notNull().references('jobs.handle').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('job_uploads_pkey', ['handle', 'upload_id'])
    .execute();
  await db.schema.createIndex('job_uploads_upload').on('job_uploads').column('upload_id').execute();
}

/** The deployment's id, what every replica answers at `/hooks/probe`. */
async function deployment(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('deployment')
    .addColumn('id', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO deployment (id) VALUES (${randomBytes(16).toString('hex')})`.execute(db);
}

/** The sign-in backoff of every replica, one row. */
async function signIns(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('sign_in_backoff')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
}

/** The follower of each running job. */
async function leases(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('replica', 'text', (c) => c.notNull())
    .addColumn('until_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_leases_until').on('job_leases').column('until_ms').execute();
}

/** The events every replica's browsers see, in one sequence. */
async function events(db: SchemaDb, d: StoreDialect): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('seq', d.types.sequence, (c) => d.sequence(c, true))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .execute();
}

/** The spending ledger, one row per job; its rows are written by `d.ledger`'s triggers. */
async function ledger(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('ledger')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('speed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('frozen', REAL, (c) => c.notNull())
    .addColumn('consumed', REAL, (c) => c.notNull())
    .addColumn('refunded', REAL, (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_ms', 'bigint', (c) => c.notNull())
    .execute();
  const index = (name: string, ...columns: string[]) =>
    db.schema.createIndex(name).on('ledger').columns(columns);
  await index('ledger_time', 'created_ms', 'operation', 'consumed', 'refunded').execute();
  await index('ledger_cost', 'consumed', 'created_ms').execute();
  await index('ledger_refunds', 'created_ms')
    .where(sql<SqlBool>`refunded > 0`)
    .execute();
}

/** The ledger's sums per quarter hour and operation: exact decimals on Postgres. */
async function quarters(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('ledger_quarters')
    .addColumn('quarter', 'bigint', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('consumed', 'numeric', (c) => c.notNull())
    .addColumn('refunded', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_quarters_pkey', ['quarter', 'operation'])
    .execute();
}

/** The tables of `schema.ts`, each made alike on both databases. */
export const SHARED_TABLES = {
  jobs,
  idempotencyKeys,
  sessions,
  uploads,
  deployment,
  signIns,
  leases,
  events,
  ledger,
  quarters,
} satisfies Record<string, Make>;

/**
 * Version 1: the whole schema of `schema.ts` as both databases first shared it. Only the
 * prompt index and the ledger's triggers are each database's own (`d.search`, `d.ledger`).
 */
async function baseline(db: SchemaDb, d: StoreDialect): Promise<void> {
  for (const make of Object.values(SHARED_TABLES)) await make(db, d);
  await d.ledger.create(db);
}

/** Version 2: see `LedgerDialect.speedByHandle`. */
const speedByHandle: Step = (db, d) => d.ledger.speedByHandle(db);

/**
 * Version 3: the studio's people, each session and backoff of one of them, and the maker
 * of each job and upload. Rows from before name no one: the first start after (which
 * makes the owner) gives them to the owner.
 */
async function people(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('removed_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('people_email')
    .on('people')
    .column('email_key')
    .unique()
    .where(sql<SqlBool>`removed_ms IS NULL`)
    .execute();
  await db.schema
    .createTable('person_sign_ins')
    .addColumn('email_key', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('sessions').addColumn('person_id', 'text').execute();
  await db.schema.createIndex('sessions_person').on('sessions').column('person_id').execute();
  await db.schema.alterTable('jobs').addColumn('created_by', 'text').execute();
  await db.schema
    .createIndex('jobs_created_by')
    .on('jobs')
    .columns(['created_by', 'seq'])
    .execute();
  await db.schema.alterTable('uploads').addColumn('created_by', 'text').execute();
}

// Versions 4 and on: one step each, in `later-steps.ts`.
const STEPS: readonly Step[] = [baseline, speedByHandle, people, ...LATER_STEPS];

/** The newest schema version this program knows. */
export const STORE_VERSION = STEPS.length;

/** The refusal of a database a newer studio migrated. */
const tooNew = (kind: string, version: number): string =>
  kind === 'sqlite'
    ? `The studio database is at schema version ${version}, newer than this program knows (${STORE_VERSION}). Use a newer studio or another STUDIO_DATA_DIR.`
    : `The studio database at DATABASE_URL is at schema version ${version}, newer than this program knows (${STORE_VERSION}). Upgrade every replica to the same studio version.`;

async function storeVersion(conn: Db): Promise<number | null> {
  await conn.schema
    .createTable('store_schema')
    .ifNotExists()
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  const row = await conn.selectFrom('store_schema').select('version').executeTakeFirst();
  return row?.version ?? null;
}

async function setStoreVersion(trx: Db, version: number): Promise<void> {
  await trx.deleteFrom('store_schema').execute();
  await trx.insertInto('store_schema').values({ version }).execute();
}

/**
 * A database made before the store: up its frozen steps to their end, then into the
 * store's version 1. Its old counter is set one past its last step, so that an older
 * studio refuses the database rather than misread it.
 */
async function adoptLegacy(conn: Db, d: StoreDialect, from: number): Promise<void> {
  const { steps } = d.legacy;
  if (from > steps.length + 1) throw new Error(tooNew(d.kind, from));
  for (let version = from; version < steps.length; version++) {
    await conn.transaction().execute(async (trx) => {
      await d.exec(trx, steps[version] ?? '');
      await d.legacy.setVersion(trx, version + 1);
    });
  }
  await conn.transaction().execute(async (trx) => {
    await d.legacy.adopt(trx, d);
    await d.legacy.setVersion(trx, steps.length + 1);
    await setStoreVersion(trx, 1);
  });
}

async function migrateLocked(conn: Db, d: StoreDialect, target: number): Promise<void> {
  let version = await storeVersion(conn);
  if (version === null) {
    const legacy = await d.legacy.version(conn);
    if (legacy > 0) {
      await adoptLegacy(conn, d, legacy);
      version = 1;
    } else {
      version = 0;
    }
  }
  if (version > STEPS.length) throw new Error(tooNew(d.kind, version));
  for (let v = version; v < target; v++) {
    const step = STEPS[v];
    if (!step) break;
    await conn.transaction().execute(async (trx) => {
      await step(trx, d);
      // A new database refuses an older studio too.
      if (v === 0) await d.legacy.setVersion(trx, d.legacy.steps.length + 1);
      await setStoreVersion(trx, v + 1);
    });
  }
}

/**
 * Brings the database to the newest schema (or `target`, for a test). Each step runs in
 * its own transaction on both databases, and the version is written in it, so that a
 * step that fails leaves the version before it. Replicas starting together take turns on
 * a lock: the first migrates, the others find the schema current.
 */
export async function migrateStore(
  db: Db,
  d: StoreDialect,
  target: number = STEPS.length,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    await d.lockSession(conn, 'studio-schema');
    try {
      await migrateLocked(conn, d, target);
    } finally {
      await d.unlockSession(conn, 'studio-schema');
    }
  });
}
