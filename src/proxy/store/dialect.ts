import type { ColumnDefinitionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Db } from './schema';

/**
 * What the two databases do differently, and nothing else: every query of the store is
 * written once against `schema.ts`; where a database needs its own SQL, the store asks
 * its dialect (`sqlite/dialect.ts`, `postgres/dialect.ts`), whose parts sit in one file
 * per database beside the shared code that uses them.
 */
export interface StoreDialect {
  kind: 'sqlite' | 'postgres';
  exec: Exec;
  /** Column types that have no common name. */
  types: { bytes: 'blob' | 'bytea'; sequence: 'integer' | 'bigint' };
  /**
   * A sequence column: numbered by the database on insert (`key`: the table's primary
   * key), or, for `jobs.seq` on SQLite, written by the insert as `nextSeq`.
   */
  sequence(c: ColumnDefinitionBuilder, key: boolean): ColumnDefinitionBuilder;
  /** The next job's `seq` when the insert gives it (SQLite), else null (an identity). */
  nextSeq: RawBuilder<number> | null;
  /**
   * Whether a transaction locks the rows it reads for update (`FOR UPDATE`): Postgres's
   * replicas write at once; SQLite's one connection runs one transaction at a time.
   */
  rowLocks: boolean;
  /** Serialises the transaction's section named `name` across every replica. */
  lock(trx: Db, name: string): Promise<void>;
  /** The same for a whole session on one connection (the migrations), and its release. */
  lockSession(conn: Db, name: string): Promise<void>;
  unlockSession(conn: Db, name: string): Promise<void>;
  search: SearchDialect;
  ledger: LedgerDialect;
  notifier: EventNotifier;
  legacy: LegacySchema;
}

/**
 * The database as a schema step sees it: the tables of that step's version, which no one
 * type describes (`schema.ts` is the newest's).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type SchemaDb = Kysely<any>;

/** Runs a script of several statements (DDL, trigger bodies) on `db`'s connection. */
export type Exec = (db: SchemaDb, script: string) => Promise<void>;

/** Prompt search (`search.ts`): SQLite's FTS5 table against Postgres's word vector. */
export interface SearchDialect {
  /** Makes the index on a new schema. */
  create(db: SchemaDb): Promise<void>;
  /** The columns to write with a prompt (Postgres keeps its words in the row). */
  written(prompt: string): { prompt_words?: RawBuilder<unknown> };
  /** How to read the jobs whose prompt has a word starting with each word of `text`. */
  matching(text: string): SearchPlan | null;
}

/** A search as a page of the history reads it (see `History.list`). */
interface SearchPlan {
  /** What the page reads: the table `jobs`, and the index joined to it. */
  from: RawBuilder<unknown>;
  /** The condition that keeps the matches. */
  where: RawBuilder<SqlBool>;
  /** The job's `seq` as the source gives it, in order, so a page can stop early. */
  seq: RawBuilder<unknown>;
  /**
   * Whether the newest rows are looked through first, without the index: a planner that
   * cannot tell a common prefix from a rare one would gather every match to sort.
   */
  newestFirst: boolean;
}

/** The ledger's triggers, which keep it in each job change's transaction (`ledger.ts`). */
export interface LedgerDialect {
  /** Makes the triggers (and what they call) on a new schema. */
  create(db: SchemaDb): Promise<void>;
}

/** How a published event reaches every replica's listener (`events.ts`). */
export interface EventNotifier {
  /** Inside the publishing transaction: listeners wake once it commits. */
  notify(trx: Db): Promise<void>;
  /** Calls `wake` whenever events may have been published; resolves once listening. */
  listen(wake: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * The schema as each database had it before the one store: the steps that brought it
 * there, frozen (a database may be at any of them), and the step from their end to the
 * store's first version.
 */
export interface LegacySchema {
  /** Where a database made before the store stands; 0 for a new one. */
  version(conn: Db): Promise<number>;
  steps: readonly string[];
  setVersion(conn: Db, version: number): Promise<void>;
  /** From the last legacy step to the store's version 1, inside its transaction. */
  adopt(trx: Db, d: StoreDialect): Promise<void>;
}
