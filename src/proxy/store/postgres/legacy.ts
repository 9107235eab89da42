import { sql } from 'kysely';
import type { LegacySchema } from '../dialect';
import { legacyUploads } from '../legacy-uploads';
import { LEDGER_FUNCTIONS, LEDGER_TRIGGERS, QUARTER_TRIGGERS } from './ledger';

/**
 * The Postgres schema before the one store: the steps that made it, in order, which the
 * table `schema_version` counted. Frozen: a database may stand at any of them, and is
 * brought to the last before the store takes it over (`adopt`).
 */
const STEPS: readonly string[] = [
  `CREATE TABLE jobs (
     handle        text PRIMARY KEY,
     seq           bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
     upstream_id   text NOT NULL,
     parent_handle text REFERENCES jobs(handle),
     parent_index  integer,
     operation     text NOT NULL,
     prompt        text NOT NULL,
     prompt_words  tsvector NOT NULL,
     status        text NOT NULL,
     progress      double precision NOT NULL DEFAULT 0,
     created_at    text NOT NULL,
     started_at    text,
     ended_at      text,
     cost_frozen   double precision NOT NULL DEFAULT 0,
     cost_consumed double precision NOT NULL DEFAULT 0,
     cost_unit     text NOT NULL DEFAULT 'credit',
     output_json   text,
     dims_json     text NOT NULL DEFAULT '{}',
     error_json    text,
     task_json     text,
     updated_at    text NOT NULL,
     hook_token    text UNIQUE,
     favourite     integer NOT NULL DEFAULT 0,
     deleted_at    text,
     created_ms    bigint NOT NULL,
     upstream_gone integer NOT NULL DEFAULT 0,
     added_ms      bigint NOT NULL,
     params_json   text,
     create_state  text,
     media_pending integer NOT NULL DEFAULT 0
   );
   CREATE INDEX jobs_active ON jobs(seq) WHERE status NOT IN ('completed', 'failed');
   CREATE INDEX jobs_parent ON jobs(parent_handle);
   CREATE INDEX jobs_created ON jobs(created_ms);
   CREATE INDEX jobs_operation ON jobs(operation, seq);
   CREATE INDEX jobs_status ON jobs(status, seq);
   CREATE INDEX jobs_favourite ON jobs(seq) WHERE favourite = 1;
   CREATE INDEX jobs_media_pending ON jobs(seq) WHERE media_pending = 1;
   CREATE INDEX jobs_search ON jobs USING gin (prompt_words);
   CREATE TABLE idempotency_keys (
     key         text PRIMARY KEY,
     fingerprint text NOT NULL,
     handle      text NOT NULL REFERENCES jobs(handle),
     created_at  text NOT NULL
   );
   CREATE TABLE sessions (
     token_hash text PRIMARY KEY,
     created_ms bigint NOT NULL,
     expires_ms bigint NOT NULL
   );
   ${legacyUploads(',\n     data         bytea NOT NULL')}`,
  // Version 2: the follower of each running job, the events every replica fans out, the
  // sign-in backoff, and the deployment's id (what /hooks/probe answers on every replica).
  `CREATE TABLE deployment (id text NOT NULL);
   CREATE TABLE sign_in_backoff (id integer PRIMARY KEY, state text NOT NULL);
   INSERT INTO deployment (id) VALUES (md5(random()::text || clock_timestamp()::text));
   CREATE TABLE job_leases (
     handle   text PRIMARY KEY,
     replica  text NOT NULL,
     until_ms bigint NOT NULL
   );
   CREATE INDEX job_leases_until ON job_leases(until_ms);
   CREATE TABLE events (
     seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     event      text NOT NULL,
     data       text NOT NULL,
     created_ms bigint NOT NULL
   );`,
  // Version 3: creates still waiting for their answer, which every poller pass looks
  // through for those a dead replica left (see `PgHistory.follow`).
  `CREATE INDEX jobs_sending ON jobs(added_ms) WHERE create_state = 'sending';`,
  // Version 4: the spending ledger, SQLite's schema 9 in PL/pgSQL (see the rules there):
  // one row per job written by triggers in the job's transaction, whichever replica made
  // the change; `frozen` never shrinks; a deleted job keeps its row unless it cost
  // nothing; the speed is the prompt's flag, else the parent's. Jobs already stored count.
  `CREATE TABLE ledger (
     handle     text PRIMARY KEY,
     operation  text NOT NULL,
     speed      text NOT NULL,
     status     text NOT NULL,
     frozen     double precision NOT NULL,
     consumed   double precision NOT NULL,
     refunded   double precision NOT NULL,
     created_ms bigint NOT NULL,
     updated_ms bigint NOT NULL
   );
   CREATE INDEX ledger_time ON ledger(created_ms) INCLUDE (operation, consumed, refunded);
   CREATE INDEX ledger_cost ON ledger(consumed, created_ms);
   ${LEDGER_FUNCTIONS}
   INSERT INTO ledger (handle, operation, speed, status, frozen, consumed, refunded, created_ms,
     updated_ms)
   SELECT j.handle, j.operation, ledger_speed(j.operation, j.prompt, p.prompt), j.status,
     j.cost_frozen, j.cost_consumed, ledger_refund(j.status, j.cost_frozen, j.cost_consumed),
     j.created_ms, ledger_now_ms()
   FROM jobs j LEFT JOIN jobs p ON p.handle = j.parent_handle;
   ${LEDGER_TRIGGERS}`,
  // Version 5: the ledger's sums per quarter hour and operation, kept by a trigger in the
  // ledger row's transaction, so the spending page's days add up a few thousand sums
  // instead of reading every job of the range (every time zone's midnight falls on a
  // quarter hour). Exact decimals, so that adding and taking away leaves no residue; a sum
  // of no jobs is removed. And the refunds of a range found by an index of their own.
  `CREATE TABLE ledger_quarters (
     quarter   bigint NOT NULL,
     operation text NOT NULL,
     jobs      integer NOT NULL,
     consumed  numeric NOT NULL,
     refunded  numeric NOT NULL,
     PRIMARY KEY (quarter, operation)
   );
   INSERT INTO ledger_quarters
   SELECT created_ms / 900000, operation, COUNT(*), SUM(CAST(consumed AS numeric)),
     SUM(CAST(refunded AS numeric))
   FROM ledger GROUP BY 1, 2;
   ${QUARTER_TRIGGERS}
   CREATE INDEX ledger_refunds ON ledger(created_ms) WHERE refunded > 0;`,
];

/**
 * From the last step above to the store's version 1, which differs only in two indexes:
 * the callback token's uniqueness as a partial index, and the ledger's time index with
 * its columns in the key, as SQLite has them.
 */
const ADOPT = `ALTER TABLE jobs DROP CONSTRAINT jobs_hook_token_key;
  CREATE UNIQUE INDEX jobs_hook ON jobs(hook_token) WHERE hook_token IS NOT NULL;
  DROP INDEX ledger_time;
  CREATE INDEX ledger_time ON ledger(created_ms, operation, consumed, refunded);`;

/** The Postgres database's history before the store. */
export const postgresLegacy: LegacySchema = {
  async version(conn) {
    const { rows } = await sql<{ counted: boolean }>`
      SELECT to_regclass('schema_version') IS NOT NULL AS counted`.execute(conn);
    if (!rows[0]?.counted) return 0;
    const found = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(conn);
    return found.rows[0]?.version ?? 0;
  },
  steps: STEPS,
  async setVersion(conn, version) {
    await sql`CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`.execute(conn);
    await sql`DELETE FROM schema_version`.execute(conn);
    await sql`INSERT INTO schema_version (version) VALUES (${version})`.execute(conn);
  },
  adopt: async (trx) => {
    await sql.raw(ADOPT).execute(trx);
  },
};
