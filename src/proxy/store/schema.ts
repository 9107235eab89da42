import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Role } from '@/contract/people';
import type { TaskStatus, TaskType } from '@/contract/task';
import type { CreateState } from '../model/record';

/**
 * The store's tables as both databases hold them, for the query builder: every query of
 * the store is typed against this, whichever database answers it. The tables themselves
 * are made by `migrations.ts` from the same names; what a database keeps beyond them for
 * its own needs (SQLite's FTS5 index, Postgres's word vector, the ledger's triggers) is
 * in `sqlite/` and `postgres/`.
 *
 * Numbers: integers are JavaScript numbers on both (Postgres's bigint is read as a number:
 * the store keeps only sequence numbers and millisecond times in it, far below 2^53).
 * Flags are 0 or 1. Times the upstream gives are ISO strings; the studio's own are ms.
 */
export interface JobsTable {
  handle: string;
  /** The order of creation, from one sequence whichever replica stored the job. */
  seq: Generated<number>;
  /** '' until the upstream names the task (see `create_state`). */
  upstream_id: string;
  parent_handle: string | null;
  parent_index: number | null;
  operation: TaskType;
  prompt: string;
  status: TaskStatus;
  progress: number;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  cost_frozen: number;
  cost_consumed: number;
  cost_unit: string;
  output_json: string | null;
  dims_json: string;
  error_json: string | null;
  /** The upstream's whole answer: written, never read back by a page. */
  task_json: string | null;
  updated_at: string;
  /** The secret part of the job's callback URL, when its create asked for a callback. */
  hook_token: string | null;
  favourite: Generated<number>;
  /** Set on a deleted job kept as an empty row for its children's lineage. */
  deleted_at: string | null;
  /** The upstream's creation time in ms, for date filters. */
  created_ms: number;
  /** The upstream answered 404 for the job: gone there for good. */
  upstream_gone: Generated<number>;
  /** This studio's clock at the create: the upstream's own may be skewed. */
  added_ms: number;
  params_json: string | null;
  /** `sending` while a replica waits for the create's answer, `unknown` once it was lost. */
  create_state: CreateState | null;
  /** A completed job whose media the cache has not all fetched yet. */
  media_pending: Generated<number>;
  /**
   * Postgres only: the prompt's words as its search index keeps them, written with every
   * prompt by `postgres/search.ts` (SQLite's FTS5 table follows the prompt by triggers).
   */
  prompt_words: ColumnType<never, unknown, unknown>;
  /** The person who made the job (schema 3); jobs from before were given to the owner. */
  created_by: string | null;
  /** A queued create's place in line (1 first; 0 while it is being sent); else null. */
  queue_position: number | null;
  /** What a queued create sends: its operation, the upstream body, its parent's handle. */
  queue_body: string | null;
}

interface IdempotencyKeysTable {
  key: string;
  /** The first request's fingerprint: the same key for another request is a conflict. */
  fingerprint: string;
  handle: string;
  created_at: string;
}

interface SessionsTable {
  /** The SHA-256 of the cookie's token: the database alone lets no one in. */
  token_hash: string;
  created_ms: number;
  expires_ms: number;
  /** Whose session it is (schema 3); a session of no one lets no one in. */
  person_id: string | null;
}

/** The people of the studio (schema 3). */
interface PeopleTable {
  id: string;
  name: string;
  email: string;
  /** `email` trimmed and lower-cased: unique among the people not removed. */
  email_key: string;
  role: Role;
  password_hash: string | null;
  created_ms: number;
  removed_ms: number | null;
}

/** A person's account at an OpenID Connect provider: `sub` is unique per `iss`. */
interface PersonIdentitiesTable {
  issuer: string;
  subject: string;
  person_id: string;
  created_ms: number;
}

/** An OpenID Connect sign-in under way, by the SHA-256 of its cookie's token. */
interface OidcTransactionsTable {
  key_hash: string;
  /** `OidcTransaction` as JSON: state, nonce, PKCE verifier, where to go after. */
  data: string;
  expires_ms: number;
}

/**
 * Each account's sign-in backoff by the email a sign-in named (someone's or not), as
 * `sign_in_backoff` is the whole studio's (schema 3).
 */
interface PersonSignInsTable {
  email_key: string;
  /** `BackoffState` as JSON. */
  state: string;
  updated_ms: number;
}

/** One-time links that make a person (see `invites.ts`). */
interface InvitesTable {
  /** 12 base64url characters, as the API names it. */
  id: string;
  /** The SHA-256 of the link's token: the database alone lets no one in. */
  token_hash: string;
  role: Role;
  /** Only someone with this email may take it; null: anyone with the link. */
  email: string | null;
  /** The person who made it. */
  created_by: string;
  created_ms: number;
  expires_ms: number;
  /** When it was taken, and by whom (the person it made): it makes no one again. */
  used_ms: number | null;
  used_by: string | null;
  revoked_ms: number | null;
}

interface UploadsTable {
  id: string;
  /** The secret part of the upload's public URL. */
  token: string;
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  last_used_ms: number;
  data: Buffer;
  /** The person who uploaded it (schema 3). */
  created_by: string | null;
}

interface JobUploadsTable {
  handle: string;
  upload_id: string;
}

interface DeploymentTable {
  /** What every replica answers at `/hooks/probe`. */
  id: string;
}

interface SignInBackoffTable {
  id: number;
  /** `BackoffState` as JSON. */
  state: string;
}

interface JobLeasesTable {
  handle: string;
  /** The replica following the job until `until_ms`. */
  replica: string;
  until_ms: number;
}

interface EventsTable {
  seq: Generated<number>;
  event: string;
  /** The event's data as JSON, as it goes to browsers. */
  data: string;
  created_ms: number;
}

/** One row per job the studio ever charged for, kept by triggers (see `ledger.ts`). */
interface LedgerTable {
  handle: string;
  operation: TaskType;
  speed: string;
  status: string;
  frozen: number;
  consumed: number;
  refunded: number;
  created_ms: number;
  updated_ms: number;
  /** The job's maker (a person's id); null when unknown. */
  created_by: string | null;
}

/** The ledger's sums per quarter hour and operation, kept by triggers on `ledger`. */
interface LedgerQuartersTable {
  /** `created_ms` / 900,000, rounded down. */
  quarter: number;
  operation: TaskType;
  jobs: number;
  consumed: number;
  refunded: number;
}

/**
 * A credit budget per local day and per local month (schema 4): one row per person who has
 * their own, and the team default under `person_id` `*`. Null: no limit for that period.
 */
interface BudgetsTable {
  person_id: string;
  day_credits: number | null;
  month_credits: number | null;
  updated_ms: number;
}

/**
 * What each create was reserved against its maker's budget (schema 4), written with its
 * intent. What it counts is read through the ledger: consumed once it finished, frozen
 * while it runs, `estimate` until the service froze anything; nothing once the create was
 * refused (its intent and ledger row are gone).
 */
interface BudgetChargesTable {
  handle: string;
  person_id: string;
  added_ms: number;
  estimate: number;
}

/** The audit log (schema 4): appended to, never changed. */
interface AuditTable {
  seq: Generated<number>;
  at_ms: number;
  /** The person who acted; null for someone not signed in (a failed sign-in). */
  actor: string | null;
  action: string;
  /** What the action was on: a person's id, a job's handle, an email. */
  subject: string | null;
  /** More about it, as JSON. */
  detail_json: string | null;
  ip: string | null;
}

/** Links that show a job's images without a session (see `shares.ts`). */
interface ShareLinksTable {
  /** 22 base64url characters (128 random bits); the link adds its signature. */
  id: string;
  /** The job shared; '' on a link to a collection (`step-share-collections.ts`). */
  job_handle: string;
  /** The one image shared; null: the whole job. */
  image_index: number | null;
  /** 1 when the page shows the prompt. */
  show_prompt: number;
  created_by: string | null;
  created_ms: number;
  expires_ms: number;
  revoked_ms: number | null;
  /** The handle of the collection shared; null on a link to a job. */
  collection_id: string | null;
}

/** The key share links are signed with, one per database. */
interface ShareKeyTable {
  key: string;
}

/** A person's named `--flags` and prompt suffix (`step-presets.ts`); a name once per person. */
interface PresetsTable {
  id: string;
  person_id: string;
  name: string;
  flags: string;
  suffix: string;
  created_ms: number;
}

/** Named sets of results (`step-collections.ts`). */
interface CollectionsTable {
  /** Internal: never leaves the server. */
  id: Generated<number>;
  /** What the browser names it by: opaque, as a job's handle. */
  handle: string;
  name: string;
  /** `name` trimmed and lower-cased: unique per owner. */
  name_key: string;
  /** Its maker (a person's id); null for one made before anyone was known. */
  owner_id: string | null;
  created_ms: number;
  updated_ms: number;
}

/** What each collection holds: a whole job (`image_index` null) or one of its outputs. */
interface CollectionItemsTable {
  collection_id: number;
  job_handle: string;
  image_index: number | null;
  added_by: string | null;
  added_ms: number;
}

/** The mask a job was sent with, as sent, UUID-shaped strings redacted (`step-masks.ts`). */
interface JobMasksTable {
  job_handle: string;
  mask_json: string;
  bytes: number;
  created_ms: number;
}

/** A person's mask saved by name for an image (`step-masks.ts`). */
interface SavedMasksTable {
  person_id: string;
  /** The image's SHA-256 (hex): the key, short whatever the address's length. */
  image_key: string;
  image: string;
  name: string;
  mask_json: string;
  bytes: number;
  saved_ms: number;
}

/** The store's schema version (see `migrations.ts`). */
/** The one replica that sends queued creates, until its lease lapses. */
interface QueueLeaseTable {
  name: string;
  replica: string;
  until_ms: number;
}

interface StoreSchemaTable {
  version: number;
}

export interface StoreTables {
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  sessions: SessionsTable;
  people: PeopleTable;
  person_sign_ins: PersonSignInsTable;
  invites: InvitesTable;
  person_identities: PersonIdentitiesTable;
  oidc_transactions: OidcTransactionsTable;
  uploads: UploadsTable;
  job_uploads: JobUploadsTable;
  deployment: DeploymentTable;
  sign_in_backoff: SignInBackoffTable;
  job_leases: JobLeasesTable;
  events: EventsTable;
  ledger: LedgerTable;
  ledger_quarters: LedgerQuartersTable;
  budgets: BudgetsTable;
  budget_charges: BudgetChargesTable;
  audit: AuditTable;
  share_links: ShareLinksTable;
  share_key: ShareKeyTable;
  queue_lease: QueueLeaseTable;
  presets: PresetsTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
  job_masks: JobMasksTable;
  saved_masks: SavedMasksTable;
  store_schema: StoreSchemaTable;
}

/** The store's database, or a transaction on it: both answer the same queries. */
export type Db = Kysely<StoreTables>;
