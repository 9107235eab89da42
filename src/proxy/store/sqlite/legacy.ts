import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SqliteDb } from '@/server/sqlite';
import type { LegacySchema, StoreDialect } from '../dialect';
import { legacyUploads } from '../legacy-uploads';
import { SHARED_TABLES } from '../migrations';
import type { Db } from '../schema';
import {
  JOB_SPEED_VIEW,
  LEDGER_JOB_ADDED,
  LEDGER_JOB_CHANGED,
  LEDGER_JOB_DROPPED,
  QUARTERS_BY_OPERATION,
  QUARTER_TRIGGERS,
} from './ledger';
import { FTS_UPDATE } from './search';

/**
 * The studio's SQLite file before the one store: the steps that made it, in order, which
 * `PRAGMA user_version` counted, as they were written then. Frozen: a file may stand at
 * any of them, and is brought to the last before the store takes it over (`adopt`).
 */
const STEPS: readonly string[] = [
  `CREATE TABLE jobs (
     handle        TEXT PRIMARY KEY,
     seq           INTEGER NOT NULL UNIQUE,
     upstream_id   TEXT NOT NULL,
     parent_handle TEXT REFERENCES jobs(handle),
     parent_index  INTEGER,
     operation     TEXT NOT NULL,
     prompt        TEXT NOT NULL,
     status        TEXT NOT NULL,
     progress      REAL NOT NULL DEFAULT 0,
     created_at    TEXT NOT NULL,
     started_at    TEXT,
     ended_at      TEXT,
     cost_frozen   REAL NOT NULL DEFAULT 0,
     cost_consumed REAL NOT NULL DEFAULT 0,
     cost_unit     TEXT NOT NULL DEFAULT 'credit',
     output_json   TEXT,
     dims_json     TEXT NOT NULL DEFAULT '{}',
     error_json    TEXT,
     task_json     TEXT,
     updated_at    TEXT NOT NULL
   );
   CREATE INDEX jobs_active ON jobs(seq) WHERE status NOT IN ('completed', 'failed');
   CREATE INDEX jobs_parent ON jobs(parent_handle);
   CREATE TABLE idempotency_keys (
     key         TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     handle      TEXT NOT NULL REFERENCES jobs(handle),
     created_at  TEXT NOT NULL
   );`,
  // 2: push. The per-job callback token; only the upstream ever learns it.
  `ALTER TABLE jobs ADD COLUMN hook_token TEXT;
   CREATE UNIQUE INDEX jobs_hook ON jobs(hook_token) WHERE hook_token IS NOT NULL;`,
  // 3: uploads, and which jobs use them (an upload a running job needs is never evicted).
  legacyUploads(''),
  // 4: history. Favourites; deletion (a deleted job with children stays as an empty row,
  // so their lineage holds); creation time in ms for date filters; full-text search on
  // prompts, an external-content index kept in step by triggers. It is keyed by `seq`,
  // not the implicit rowid, which VACUUM may renumber.
  `ALTER TABLE jobs ADD COLUMN favourite INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE jobs ADD COLUMN deleted_at TEXT;
   ALTER TABLE jobs ADD COLUMN created_ms INTEGER NOT NULL DEFAULT 0;
   UPDATE jobs SET created_ms = COALESCE(CAST(unixepoch(created_at, 'subsec') * 1000 AS INTEGER), 0);
   CREATE INDEX jobs_created ON jobs(created_ms);
   CREATE INDEX jobs_operation ON jobs(operation, seq);
   CREATE INDEX jobs_status ON jobs(status, seq);
   CREATE INDEX jobs_favourite ON jobs(seq) WHERE favourite = 1;
   CREATE VIRTUAL TABLE jobs_fts USING fts5(
     prompt, content = 'jobs', content_rowid = 'seq', tokenize = 'unicode61 remove_diacritics 2'
   );
   INSERT INTO jobs_fts(jobs_fts) VALUES ('rebuild');
   CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs BEGIN
     INSERT INTO jobs_fts(rowid, prompt) VALUES (new.seq, new.prompt);
   END;
   CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs BEGIN
     INSERT INTO jobs_fts(jobs_fts, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
   END;
   CREATE TRIGGER jobs_fts_update AFTER UPDATE OF prompt ON jobs BEGIN
     INSERT INTO jobs_fts(jobs_fts, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
     INSERT INTO jobs_fts(rowid, prompt) VALUES (new.seq, new.prompt);
   END;`,
  // 5: sign-in sessions, by the SHA-256 of their token: the file alone lets no one in.
  `CREATE TABLE sessions (
     token_hash TEXT PRIMARY KEY,
     created_ms INTEGER NOT NULL,
     expires_ms INTEGER NOT NULL
   );`,
  // 6: operations. Jobs the upstream no longer has (a 404, or older than its TTL); the media cache's
  // files with their sizes and last use, for least-recently-used eviction.
  // added_ms is this studio's clock at the create: the upstream's own time may be skewed.
  `ALTER TABLE jobs ADD COLUMN upstream_gone INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE jobs ADD COLUMN added_ms INTEGER NOT NULL DEFAULT 0;
   UPDATE jobs SET added_ms = created_ms;
   CREATE TABLE media_files (
     handle       TEXT NOT NULL,
     key          TEXT NOT NULL,
     bytes        INTEGER NOT NULL,
     last_used_ms INTEGER NOT NULL,
     PRIMARY KEY (handle, key)
   );
   CREATE INDEX media_lru ON media_files(last_used_ms);`,
  // 7: the params a job was created with (JSON, without jobId and callback), so that its
  // title ("Pan left") survives a reload. Older rows stay NULL: nobody kept them.
  `ALTER TABLE jobs ADD COLUMN params_json TEXT;`,
  // 8: crash safety. A job's row is written before its create is sent upstream, with
  // upstream_id '' until the answer names the task. create_state: 'sending' while this
  // process waits for that answer, 'unknown' once it was lost (a timeout, a 5xx, a cut
  // connection, or the studio stopped), NULL when the upstream id is known.
  `ALTER TABLE jobs ADD COLUMN create_state TEXT;`,
  // 9: the spending ledger, one row per job: what its create froze, what the service
  // consumed, what it gave back, and the speed it was billed at. Triggers write it in the
  // same transaction as the job, whatever code path changed the job, and deleting a job
  // from the history keeps what it cost. `frozen` never shrinks, so a service that zeroes
  // a failed task's usage still shows the refund. Speed reads the prompt flags as the
  // service bills them: a follow-up's own --fast/--turbo, else its parent's; operations
  // without a turbo price are always fast. Rows already in the history are counted too.
  `CREATE TABLE ledger (
     handle     TEXT PRIMARY KEY,
     operation  TEXT NOT NULL,
     speed      TEXT NOT NULL,
     status     TEXT NOT NULL,
     frozen     REAL NOT NULL,
     consumed   REAL NOT NULL,
     refunded   REAL NOT NULL,
     created_ms INTEGER NOT NULL,
     updated_ms INTEGER NOT NULL
   );
   CREATE INDEX ledger_time ON ledger(created_ms, operation, consumed, refunded);
   CREATE INDEX ledger_op_time ON ledger(operation, created_ms, consumed, refunded);
   CREATE INDEX ledger_cost ON ledger(consumed, created_ms);
   ${JOB_SPEED_VIEW}
   INSERT INTO ledger (handle, operation, speed, status, frozen, consumed, refunded, created_ms,
     updated_ms)
   SELECT j.handle, j.operation, s.speed, j.status, j.cost_frozen, j.cost_consumed,
     CASE WHEN j.status IN ('completed', 'failed')
       THEN MAX(j.cost_frozen - j.cost_consumed, 0) ELSE 0 END,
     j.created_ms, CAST(unixepoch('subsec') * 1000 AS INTEGER)
   FROM jobs j JOIN job_speed s ON s.handle = j.handle;
   CREATE TRIGGER ledger_job_added AFTER INSERT ON jobs BEGIN
     INSERT OR REPLACE INTO ledger (handle, operation, speed, status, frozen, consumed, refunded,
       created_ms, updated_ms)
     VALUES (new.handle, new.operation,
       (SELECT speed FROM job_speed WHERE handle = new.handle), new.status, new.cost_frozen,
       new.cost_consumed,
       CASE WHEN new.status IN ('completed', 'failed')
         THEN MAX(new.cost_frozen - new.cost_consumed, 0) ELSE 0 END,
       new.created_ms, CAST(unixepoch('subsec') * 1000 AS INTEGER));
   END;
   CREATE TRIGGER ledger_job_changed
   AFTER UPDATE OF status, cost_frozen, cost_consumed, created_ms ON jobs
   BEGIN
     UPDATE ledger SET status = new.status, frozen = MAX(frozen, new.cost_frozen),
       created_ms = new.created_ms,
       consumed = new.cost_consumed,
       refunded = CASE WHEN new.status IN ('completed', 'failed')
         THEN MAX(MAX(frozen, new.cost_frozen) - new.cost_consumed, 0) ELSE 0 END,
       updated_ms = CAST(unixepoch('subsec') * 1000 AS INTEGER)
     WHERE handle = new.handle;
   END;
   ${LEDGER_JOB_DROPPED}`,
  // 10: media follows the announcement. A completed job whose shown media is not all in the
  // cache yet; set with the completed state, so that a stop before the downloads finish
  // leaves the job to fetch again at the next start.
  `ALTER TABLE jobs ADD COLUMN media_pending INTEGER NOT NULL DEFAULT 0;
   CREATE INDEX jobs_media_pending ON jobs(seq) WHERE media_pending = 1;`,
];

/**
 * From the last step above to the store's version 1: the tables replicas shared only on
 * Postgres until then, the ledger's quarter-hour sums, upload bytes in the database
 * instead of files (`uploadsDir`; a row whose file is gone goes with it), the media
 * cache's index out of the file (each replica keeps its own, see `media/index.ts`), and
 * the triggers as version 1 has them (an upsert, which the sums follow; no work for a
 * write that changes nothing they keep).
 */
async function adopt(trx: Db, d: StoreDialect, raw: SqliteDb, uploadsDir: string): Promise<void> {
  raw.exec(`ALTER TABLE uploads ADD COLUMN data BLOB NOT NULL DEFAULT x'';
    CREATE INDEX jobs_sending ON jobs(added_ms) WHERE create_state = 'sending';
    DROP INDEX ledger_op_time;
    CREATE INDEX ledger_refunds ON ledger(created_ms) WHERE refunded > 0;
    DROP TABLE media_files;`);
  const uploads = await trx.selectFrom('uploads').select(['id', 'token', 'ext']).execute();
  for (const u of uploads) {
    const file = path.join(uploadsDir, `${u.token}.${u.ext}`);
    const data = existsSync(file) ? readFileSync(file) : null;
    if (data) await trx.updateTable('uploads').set({ data }).where('id', '=', u.id).execute();
    else await trx.deleteFrom('uploads').where('id', '=', u.id).execute();
  }
  for (const make of [
    SHARED_TABLES.deployment,
    SHARED_TABLES.signIns,
    SHARED_TABLES.leases,
    SHARED_TABLES.events,
    SHARED_TABLES.quarters,
  ]) {
    await make(trx, d);
  }
  raw.exec(`DROP TRIGGER ledger_job_added;
    DROP TRIGGER ledger_job_changed;
    DROP TRIGGER jobs_fts_update;
    ${LEDGER_JOB_ADDED}
    ${LEDGER_JOB_CHANGED}
    ${FTS_UPDATE}
    ${QUARTER_TRIGGERS}
    ${QUARTERS_BY_OPERATION}
    INSERT INTO ledger_quarters (quarter, operation, jobs, consumed, refunded)
    SELECT created_ms / 900000, operation, COUNT(*), SUM(consumed), SUM(refunded)
    FROM ledger GROUP BY 1, 2;`);
}

/** The SQLite file's history before the store, over its one connection `raw`. */
export const sqliteLegacy = (raw: SqliteDb, uploadsDir: string): LegacySchema => ({
  version: () => Promise.resolve(Number(raw.pragma('user_version', { simple: true }))),
  steps: STEPS,
  setVersion: (_conn, version) => {
    raw.pragma(`user_version = ${version}`);
    return Promise.resolve();
  },
  adopt: (trx, d) => adopt(trx, d, raw, uploadsDir),
});

/** The folder older studios kept upload bytes in: emptied into the database by `adopt`. */
export const legacyUploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');
