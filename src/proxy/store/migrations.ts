import type Database from 'better-sqlite3';

/**
 * Schema versions, applied in order; PRAGMA user_version records how many ran. Append
 * new steps, never edit old ones: a studio's file may be at any earlier version.
 */
const MIGRATIONS: readonly string[] = [
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
  `CREATE TABLE uploads (
     id           TEXT PRIMARY KEY,
     token        TEXT NOT NULL UNIQUE,
     ext          TEXT NOT NULL,
     type         TEXT NOT NULL,
     width        INTEGER NOT NULL,
     height       INTEGER NOT NULL,
     bytes        INTEGER NOT NULL,
     created_at   TEXT NOT NULL,
     last_used_ms INTEGER NOT NULL
   );
   CREATE INDEX uploads_lru ON uploads(last_used_ms);
   CREATE TABLE job_uploads (
     handle    TEXT NOT NULL REFERENCES jobs(handle) ON DELETE CASCADE,
     upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
     PRIMARY KEY (handle, upload_id)
   );
   CREATE INDEX job_uploads_upload ON job_uploads(upload_id);`,
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
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the file to `target` (the newest unless a test asks for an older one). */
export function migrate(db: Database.Database, target = MIGRATIONS.length): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The studio database is at schema version ${current}, newer than this program knows (${MIGRATIONS.length}). Use a newer studio or another STUDIO_DATA_DIR.`,
    );
  }
  for (let v = current; v < target; v++) {
    const step = MIGRATIONS[v] ?? '';
    db.transaction(() => {
      db.exec(step);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
