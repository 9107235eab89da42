import { runPgMigrations } from '@/server/postgres-migrations';
import type { PgPool } from '@/server/postgres';

/**
 * The Postgres schema of what replicas share, in versions like SQLite's (append, never
 * edit). The job columns are SQLite's at its schema 10, so one row reader serves both;
 * prompt search is a tsvector of the words SQLite's FTS5 index would keep
 * (`history.ts`'s `searchWords`), with a GIN index for prefix queries. The media index
 * stays in each replica's SQLite file: the media cache is a cache.
 */
const MIGRATIONS: readonly string[] = [
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
   CREATE TABLE uploads (
     id           text PRIMARY KEY,
     token        text NOT NULL UNIQUE,
     ext          text NOT NULL,
     type         text NOT NULL,
     width        integer NOT NULL,
     height       integer NOT NULL,
     bytes        integer NOT NULL,
     created_at   text NOT NULL,
     last_used_ms bigint NOT NULL,
     data         bytea NOT NULL
   );
   CREATE INDEX uploads_lru ON uploads(last_used_ms);
   CREATE TABLE job_uploads (
     handle    text NOT NULL REFERENCES jobs(handle) ON DELETE CASCADE,
     upload_id text NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
     PRIMARY KEY (handle, upload_id)
   );
   CREATE INDEX job_uploads_upload ON job_uploads(upload_id);`,
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
   CREATE FUNCTION ledger_speed(operation text, own text, inherited text) RETURNS text
   LANGUAGE sql IMMUTABLE AS $$
     SELECT CASE
       WHEN operation IN ('blend', 'describe', 'shorten', 'enhance_upscale') THEN 'fast'
       WHEN ' ' || translate(own, chr(9) || chr(10) || chr(13), '   ') || ' ' LIKE '% --turbo %'
         THEN 'turbo'
       WHEN ' ' || translate(own, chr(9) || chr(10) || chr(13), '   ') || ' ' LIKE '% --fast %'
         THEN 'fast'
       WHEN ' ' || translate(COALESCE(inherited, ''), chr(9) || chr(10) || chr(13), '   ') || ' '
         LIKE '% --turbo %' THEN 'turbo'
       ELSE 'fast'
     END
   $$;
   CREATE FUNCTION ledger_refund(status text, frozen double precision, consumed double precision)
   RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
     SELECT CASE WHEN status IN ('completed', 'failed') THEN GREATEST(frozen - consumed, 0)
       ELSE 0 END
   $$;
   CREATE FUNCTION ledger_now_ms() RETURNS bigint LANGUAGE sql VOLATILE AS $$
     SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS bigint)
   $$;
   INSERT INTO ledger (handle, operation, speed, status, frozen, consumed, refunded, created_ms,
     updated_ms)
   SELECT j.handle, j.operation, ledger_speed(j.operation, j.prompt, p.prompt), j.status,
     j.cost_frozen, j.cost_consumed, ledger_refund(j.status, j.cost_frozen, j.cost_consumed),
     j.created_ms, ledger_now_ms()
   FROM jobs j LEFT JOIN jobs p ON p.handle = j.parent_handle;
   CREATE FUNCTION ledger_job_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO ledger (handle, operation, speed, status, frozen, consumed, refunded,
       created_ms, updated_ms)
     VALUES (NEW.handle, NEW.operation,
       ledger_speed(NEW.operation, NEW.prompt,
         (SELECT prompt FROM jobs WHERE handle = NEW.parent_handle)),
       NEW.status, NEW.cost_frozen, NEW.cost_consumed,
       ledger_refund(NEW.status, NEW.cost_frozen, NEW.cost_consumed), NEW.created_ms,
       ledger_now_ms())
     ON CONFLICT (handle) DO UPDATE SET operation = EXCLUDED.operation, speed = EXCLUDED.speed,
       status = EXCLUDED.status, frozen = EXCLUDED.frozen, consumed = EXCLUDED.consumed,
       refunded = EXCLUDED.refunded, created_ms = EXCLUDED.created_ms,
       updated_ms = EXCLUDED.updated_ms;
     RETURN NULL;
   END
   $$;
   CREATE TRIGGER ledger_job_added AFTER INSERT ON jobs
     FOR EACH ROW EXECUTE FUNCTION ledger_job_added();
   CREATE FUNCTION ledger_job_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE ledger SET status = NEW.status, frozen = GREATEST(frozen, NEW.cost_frozen),
       created_ms = NEW.created_ms, consumed = NEW.cost_consumed,
       refunded = ledger_refund(NEW.status, GREATEST(frozen, NEW.cost_frozen), NEW.cost_consumed),
       updated_ms = ledger_now_ms()
     WHERE handle = NEW.handle;
     RETURN NULL;
   END
   $$;
   CREATE TRIGGER ledger_job_changed
     AFTER UPDATE OF status, cost_frozen, cost_consumed, created_ms ON jobs
     FOR EACH ROW EXECUTE FUNCTION ledger_job_changed();
   CREATE FUNCTION ledger_job_dropped() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM ledger WHERE handle = OLD.handle AND frozen = 0 AND consumed = 0;
     RETURN NULL;
   END
   $$;
   CREATE TRIGGER ledger_job_dropped AFTER DELETE ON jobs
     FOR EACH ROW EXECUTE FUNCTION ledger_job_dropped();`,
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
   CREATE FUNCTION ledger_quarter_add(q bigint, op text, n integer, c numeric, r numeric)
   RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO ledger_quarters AS s VALUES (q, op, n, c, r)
     ON CONFLICT (quarter, operation) DO UPDATE SET jobs = s.jobs + EXCLUDED.jobs,
       consumed = s.consumed + EXCLUDED.consumed, refunded = s.refunded + EXCLUDED.refunded;
     DELETE FROM ledger_quarters WHERE quarter = q AND operation = op AND jobs = 0;
   END
   $$;
   CREATE FUNCTION ledger_quarters_follow() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE' AND OLD.created_ms / 900000 = NEW.created_ms / 900000
       AND OLD.operation = NEW.operation AND OLD.consumed = NEW.consumed
       AND OLD.refunded = NEW.refunded THEN
       RETURN NULL;
     END IF;
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       PERFORM ledger_quarter_add(OLD.created_ms / 900000, OLD.operation, -1,
         -CAST(OLD.consumed AS numeric), -CAST(OLD.refunded AS numeric));
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       PERFORM ledger_quarter_add(NEW.created_ms / 900000, NEW.operation, 1,
         CAST(NEW.consumed AS numeric), CAST(NEW.refunded AS numeric));
     END IF;
     RETURN NULL;
   END
   $$;
   CREATE TRIGGER ledger_quarters_follow AFTER INSERT OR UPDATE OR DELETE ON ledger
     FOR EACH ROW EXECUTE FUNCTION ledger_quarters_follow();
   CREATE INDEX ledger_refunds ON ledger(created_ms) WHERE refunded > 0;`,
];

/** Brings the shared database to the newest schema, once however many replicas start. */
export function migratePostgres(pool: PgPool, target = MIGRATIONS.length): Promise<void> {
  return runPgMigrations(pool, MIGRATIONS, 'studio-schema', {
    target,
    tooNew: (current, known) =>
      `The studio database at DATABASE_URL is at schema version ${current}, newer than this program knows (${known}). Upgrade every replica to the same studio version.`,
  });
}
