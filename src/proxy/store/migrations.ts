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
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database.Database): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The studio database is at schema version ${current}, newer than this program knows (${MIGRATIONS.length}). Use a newer studio or another STUDIO_DATA_DIR.`,
    );
  }
  for (let v = current; v < MIGRATIONS.length; v++) {
    const step = MIGRATIONS[v] ?? '';
    db.transaction(() => {
      db.exec(step);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
