import type { ColumnDefinitionBuilder, CompiledQuery, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { SharedEvent } from '../browser-events/hub';
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
  /** Whether replicas may share the database: they then take turns on running jobs. */
  replicas: boolean;
  /**
   * Runs a compiled statement at once, without waiting for a turn on the connection, when
   * the database allows it (SQLite's one connection outside a transaction); null when it
   * did not run, and the query builder must.
   */
  runNow(query: CompiledQuery): unknown[] | null;
  /** Serialises the transaction's section named `name` across every replica. */
  lock(trx: Db, name: string): Promise<void>;
  /**
   * Runs one statement (and what goes with it) as a step every replica takes in turn
   * (`name`): in a transaction holding `lock` on Postgres; as it is on SQLite, whose one
   * connection runs one statement at a time.
   */
  inTurn<T>(db: Db, name: string, fn: (db: Db) => Promise<T>): Promise<T>;
  /** The same for a whole session on one connection (the migrations), and its release. */
  lockSession(conn: Db, name: string): Promise<void>;
  unlockSession(conn: Db, name: string): Promise<void>;
  search: SearchDialect;
  ledger: LedgerDialect;
  events: EventChannel;
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
  /** What the index keeps of a prompt in the row: Postgres's words; nothing on SQLite. */
  words(prompt: string): unknown;
  /** The columns that write `words` (or a placeholder for them) with the prompt. */
  written(words: unknown): { prompt_words?: RawBuilder<unknown> };
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
  /**
   * Version 2: a create's trigger finds the billed speed by the parent's handle alone, never
   * through a view the planner may choose to scan (SQLite's; Postgres already did).
   */
  speedByHandle(db: SchemaDb): Promise<void>;
  /**
   * Each ledger row keeps its job's maker (`created_by`), set as the row is written and
   * when the job's maker changes, so a deleted job's credits stay with whoever made it.
   */
  makers(db: SchemaDb): Promise<void>;
  /**
   * The (day, operation) sums of the quarter-hour sums between each bound and the next,
   * bounds in quarter hours: rows of `n` (the day, from 0), operation, jobs, consumed,
   * refunded, the empty ones left out.
   */
  sums(db: Db, bounds: readonly number[]): Promise<{ rows: unknown[] }>;
}

/** An event as it is stored, before its number. */
export type NewEvent = {
  event: string;
  /** The event's data as JSON, as it goes to browsers. */
  data: string;
  created_ms: number;
};

/** How events are numbered, stored and heard of by every replica (`events.ts`). */
export interface EventChannel {
  /** Numbers and stores an event; the listeners hear of it. */
  publish(db: Db, event: NewEvent): Promise<void>;
  /**
   * Starts listening after `newest`, the newest event stored: `wake` whenever events may
   * have been published, `arrived` with an event the channel carries itself, `lost` when
   * events it had numbered could not be stored. Resolves with the number it starts after.
   */
  listen(
    newest: number,
    wake: () => void,
    arrived: (event: SharedEvent) => void,
    lost: () => void,
  ): Promise<number>;
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
