import type { PoolStats } from '../metrics';
import type { StudioEvent } from '@/contract/events';
import type { TaskResponse } from '@/contract/task';
import type { BackoffStore } from '../auth/rate-limit';
import type { Sessions } from '../auth/sessions';
import type { SessionsEnded, SharedEvent } from '../browser-events/hub';
import type { JobRecord, JobState, MediaDims } from '../model/record';
import type { NormalisedImage } from '../uploads/normalise';
import type { IdempotencyClaim } from './idempotency-keys';
import type { ActiveJob, Intent, JobChange } from './history';
import type { HistoryFilter } from './history-reads';
import type { StoredInvites } from './invites';
import type { StoredShares } from './shares';
import type { StoredBudgets } from './budgets';
import type { StoredPresets } from './presets';
import type { StoredCollections } from './collections';
import type { StoredMasks } from './masks';
import type { StoredAudit } from './audit';
import type { StoredIdentities } from './identities';
import type { StoredOidcTransactions } from './oidc-transactions';
import type { StoredPeople } from './people';
import type { StoredQueue } from './queue';
import type { Db } from './schema';
import type { NewJob } from './rows';
import type { SpendingReads } from './spending';
import type { UploadRecord } from './uploads';

/**
 * A job's cached media to its cache: `deleted` (the job is gone: nothing is lost),
 * `refetchable` (the upstream still has it), `lost` (the upstream no longer has it, so
 * the cache holds the only copy).
 */
export type MediaRetention = 'deleted' | 'refetchable' | 'lost';

/**
 * What every replica of a team's deployment must see alike, whichever database holds it:
 * the SQLite file of one studio (the default) or a PostgreSQL server shared by many
 * (`DATABASE_URL`). One implementation serves both (`history.ts` and its neighbours, over
 * `schema.ts`); per-replica caches (media files, thumbnails) are not here.
 */
export interface HistoryStore {
  /** Calls `fn` after every change this replica makes to a job. */
  watch(fn: (change: JobChange) => void): () => void;
  insert(job: NewJob): Promise<JobRecord>;
  recordIntent(
    intent: Intent,
    claim: IdempotencyClaim | null,
    reserve?: ((trx: Db) => Promise<void>) | null,
    then?: ((trx: Db) => Promise<void>) | null,
  ): Promise<void>;
  /** `recordIntent` for the creates of a batch, in one transaction. */
  recordIntents(
    items: readonly { intent: Intent; claim: IdempotencyClaim | null }[],
    reserve?: ((trx: Db) => Promise<void>) | null,
    then?: ((trx: Db) => Promise<void>) | null,
  ): Promise<void>;
  changed(change: JobChange): void;
  confirmCreate(
    handle: string,
    task: TaskResponse,
    state: JobState | null,
    prompt?: string | null,
  ): Promise<JobRecord | null>;
  discardIntent(handle: string): Promise<void>;
  markCreateUnknown(handle: string): Promise<void>;
  markInterruptedCreates(): Promise<number>;
  /** The job whose callback URL carries this token. */
  findByHook(token: string): Promise<JobRecord | null>;
  get(handle: string): Promise<JobRecord | null>;
  /** One page, newest first; `search` matches every word as a prefix of a prompt's word. */
  list(filter: HistoryFilter): Promise<{ jobs: JobRecord[]; more: boolean }>;
  lineage(handle: string): Promise<{ ancestors: JobRecord[]; children: JobRecord[] }>;
  markUpstreamGone(handle: string): Promise<void>;
  setFavourite(handle: string, on: boolean): Promise<boolean>;
  remove(handle: string): Promise<void>;
  /** Marks or unmarks many jobs in one transaction; the handles whose flag changed. */
  setFavourites(handles: readonly string[], on: boolean): Promise<string[]>;
  /** `remove` for many jobs in one transaction (a bulk delete's batch). */
  removeMany(handles: readonly string[]): Promise<void>;
  active(): Promise<ActiveJob[]>;
  /**
   * The running jobs `replica`'s poller follows now: every one on SQLite (one studio);
   * on Postgres those whose lease it holds or takes over (free, or lapsed `leaseMs` after
   * its last renewal), renewed by each call, so that each job has one follower at a time.
   */
  follow(replica: string, leaseMs: number): Promise<ActiveJob[]>;
  /** Gives up `replica`'s leases (a clean stop), so that another replica follows at once. */
  unfollow(replica: string): Promise<void>;
  applyState(
    handle: string,
    state: JobState,
    task: TaskResponse | null,
    mediaPending?: boolean,
  ): Promise<boolean>;
  addDims(handle: string, dims: MediaDims, fetched?: boolean): Promise<void>;
  mediaPending(): Promise<string[]>;
  /** What losing each job's cached media would cost; a handle not found is `deleted`. */
  mediaRetention(handles: readonly string[]): Promise<Map<string, MediaRetention>>;
  findIdempotent(key: string): Promise<{ fingerprint: string; handle: string } | null>;
  pruneIdempotent(olderThan: Date): Promise<void>;
}

/** Uploaded images, row and bytes, so that the upstream can fetch one from any replica. */
export interface UploadsStore {
  /**
   * Keeps the image as uploaded `by` a person, evicting the least recently used ones a
   * running job does not name.
   */
  save(image: NormalisedImage, by?: string | null): Promise<UploadRecord>;
  byToken(token: string): Promise<UploadRecord | null>;
  /** The image's bytes; null when it was evicted meanwhile. */
  read(rec: UploadRecord): Promise<Buffer | null>;
  touch(rec: UploadRecord): Promise<void>;
  /** Records which uploads a job's create named (`/u/<token>.<ext>` in its body). */
  linkJob(handle: string, body: unknown): Promise<void>;
  remove(rec: UploadRecord): Promise<void>;
}

/**
 * Events every replica's browsers see, numbered by one sequence: published by the replica
 * where a job changed, delivered to every replica's hub in order, replayable from any.
 */
export interface SharedEvents {
  publish(event: StudioEvent | SessionsEnded): Promise<void>;
  /** Delivers every event published from now on; resolves with the sequence it starts after. */
  listen(deliver: (e: SharedEvent) => void): Promise<number>;
  /** The events after `after`, or null when they are no longer all kept. */
  replay(after: number): Promise<SharedEvent[] | null>;
}

export interface SharedStore {
  /** `sqlite` or `postgres`, for the start-up log. */
  kind: string;
  /**
   * The database's id, what every replica of one deployment answers at `/hooks/probe`, so
   * that a PUBLIC_URL leading to any of them counts as leading back.
   */
  deployment: string;
  history: HistoryStore;
  queue: StoredQueue;
  /** The studio's people and their roles. */
  people: StoredPeople;
  /** One-time links that make a person of a role. */
  invites: StoredInvites;
  /** Credit budgets per person and the team default, and what each spent. */
  budgets: StoredBudgets;
  /** Each person's named flags and prompt suffix. */
  presets: StoredPresets;
  /** The audit log: who did what, appended to, never changed. */
  audit: StoredAudit;
  /** Links that show a job's images to anyone who has them, until lapsed or revoked. */
  shares: StoredShares;
  /** Named sets of results, and what each holds. */
  collections: StoredCollections;
  /** The mask each job was sent with, and each person's masks saved by name. */
  masks: StoredMasks;
  sessions: Sessions;
  /** People's accounts at OpenID Connect providers, and who each signs in as. */
  identities: StoredIdentities;
  /** OpenID Connect sign-ins under way. */
  oidcTransactions: StoredOidcTransactions;
  /** The sign-in backoff of the studio and of each account (on Postgres, of all replicas). */
  signIns: BackoffStore;
  uploads: UploadsStore;
  /** The spending ledger, one row per job, kept by triggers with every job change. */
  spending: SpendingReads;
  events: SharedEvents;
  /** Resolves once the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  /** The connection pool's figures, where the driver tells (PostgreSQL); else null. */
  pool(): PoolStats | null;
  close(): Promise<void>;
}
