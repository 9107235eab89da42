import { runMigrations } from '@/server/migrations';
import type { SqliteDb } from '@/server/sqlite';

/**
 * Versioned schema, run by `runMigrations`: each entry moves the database one version up
 * in its own transaction, and `PRAGMA user_version` records how far a file has come. Never
 * edit a shipped entry: append a new one.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    listed INTEGER NOT NULL DEFAULT 1,
    enabled INTEGER NOT NULL,
    whitelisted INTEGER NOT NULL,
    concurrency INTEGER NOT NULL,
    staged_limit INTEGER NOT NULL,
    daily_error_limit INTEGER NOT NULL,
    webhook_secret TEXT,
    credits_granted INTEGER NOT NULL DEFAULT 0,
    credits_available INTEGER NOT NULL DEFAULT 0,
    credits_frozen INTEGER NOT NULL DEFAULT 0,
    credits_consumed INTEGER NOT NULL DEFAULT 0,
    points_granted INTEGER NOT NULL DEFAULT 0,
    points_available INTEGER NOT NULL DEFAULT 0,
    points_frozen INTEGER NOT NULL DEFAULT 0,
    points_consumed INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    CHECK (credits_available >= 0 AND credits_frozen >= 0 AND points_available >= 0 AND points_frozen >= 0)
  );
  CREATE TABLE ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    job_id TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('grant', 'freeze', 'consume', 'refund')),
    credits INTEGER NOT NULL,
    points INTEGER NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX ledger_account ON ledger(account_id);
  CREATE TABLE tasks (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL UNIQUE,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    task_type TEXT NOT NULL,
    status TEXT NOT NULL,
    input TEXT NOT NULL,
    prompt TEXT NOT NULL DEFAULT '',
    output TEXT,
    parent_job_id TEXT,
    image_no INTEGER,
    logs TEXT NOT NULL DEFAULT '[]',
    error TEXT,
    frozen_credits INTEGER NOT NULL DEFAULT 0,
    frozen_points INTEGER NOT NULL DEFAULT 0,
    consumed_credits INTEGER NOT NULL DEFAULT 0,
    consumed_points INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    run_after INTEGER NOT NULL DEFAULT 0,
    callback TEXT,
    created_at TEXT NOT NULL,
    started_at TEXT,
    ended_at TEXT
  );
  CREATE INDEX tasks_account_status ON tasks(account_id, status);
  CREATE INDEX tasks_status_seq ON tasks(status, seq);
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL REFERENCES tasks(job_id),
    url TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL,
    done_at TEXT,
    outcome TEXT
  );
  CREATE INDEX outbox_due ON outbox(done_at, next_at);
  CREATE TABLE daily_errors (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    day TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (account_id, day)
  );
  `,
];

export function migrate(db: SqliteDb): void {
  runMigrations(db, MIGRATIONS, {
    tooNew: (current, known) =>
      `the engine database is at schema version ${current}, newer than this engine (${known})`,
  });
}
