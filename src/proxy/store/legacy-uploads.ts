/**
 * The uploads tables as the two databases first made them, before the one store (SQLite's
 * third step, Postgres's first; Postgres kept the bytes in the row, SQLite in files).
 * Frozen, as the steps around them are.
 */
export const legacyUploads = (bytes: string): string => `CREATE TABLE uploads (
     id           text PRIMARY KEY,
     token        text NOT NULL UNIQUE,
     ext          text NOT NULL,
     type         text NOT NULL,
     width        integer NOT NULL,
     height       integer NOT NULL,
     bytes        integer NOT NULL,
     created_at   text NOT NULL,
     last_used_ms bigint NOT NULL${bytes}
   );
   CREATE INDEX uploads_lru ON uploads(last_used_ms);
   CREATE TABLE job_uploads (
     handle    text NOT NULL REFERENCES jobs(handle) ON DELETE CASCADE,
     upload_id text NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
     PRIMARY KEY (handle, upload_id)
   );
   CREATE INDEX job_uploads_upload ON job_uploads(upload_id);`;
