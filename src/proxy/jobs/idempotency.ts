import { createHash } from 'node:crypto';
import type { CreateJob } from '@/contract/create-job-schema';
import { KeyTaken, type IdempotencyClaim } from '../store/idempotency-keys';
import type { HistoryStore } from '../store/shared-store';
import { StudioHttpError, invalidRequest, studioError } from '../studio-error';
import type { JobRecord } from '../model/record';

const KEY_RE = /^[A-Za-z0-9._:~-]{1,64}$/;
const UUID_LIKE = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;
const KEEP_MS = 24 * 60 * 60 * 1000;
/** Waiting for another replica's create with the same key: up to a minute. */
const WINNER_POLL_MS = 100;
const WINNER_POLLS = 600;

/**
 * The request a key stands for: the create and who sent it, so that a key someone else
 * already used is a conflict, never their job.
 */
export const fingerprintOf = (input: CreateJob, by: string | null): string =>
  createHash('sha256').update(JSON.stringify({ by, input })).digest('base64url');

/** Refuses a key that is not one (400, naming `field`). */
export function checkKey(key: string, field: string): void {
  if (!KEY_RE.test(key) || UUID_LIKE.test(key)) {
    throw invalidRequest(
      `${field}: must be 1 to 64 letters, digits or . _ : ~ - and not shaped like a UUID`,
    );
  }
}

/**
 * Makes a double submit create one task: the first request with a key runs, a second one
 * (concurrent or later, even after a restart) gets the same job. The key is stored with
 * the job before its create is sent, so a retry after the studio stopped mid-create gets
 * that job, shown as unknown, instead of a second charged task. A refused create frees
 * its key, so the same key may try again.
 */
export class IdempotentCreates {
  private readonly running = new Map<string, { fingerprint: string; job: Promise<JobRecord> }>();

  constructor(private readonly store: HistoryStore) {}

  run(
    key: string,
    input: CreateJob,
    create: (claim: IdempotencyClaim) => Promise<JobRecord>,
    by: string | null = null,
  ): Promise<JobRecord> {
    checkKey(key, 'Idempotency-Key');
    const fingerprint = fingerprintOf(input, by);
    // A create under way first: its job is stored but not settled yet.
    const earlier = this.running.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) throw conflict();
      return earlier.job;
    }
    // Registered before the store is asked, so a second request cannot slip in meanwhile.
    const job = this.storedOrNew(key, fingerprint, create).finally(() => this.running.delete(key));
    this.running.set(key, { fingerprint, job });
    return job;
  }

  /** The job a stored key made (after a restart, or on another replica), else a new one. */
  private async storedOrNew(
    key: string,
    fingerprint: string,
    create: (claim: IdempotencyClaim) => Promise<JobRecord>,
  ): Promise<JobRecord> {
    const done = await this.store.findIdempotent(key);
    const stored = done ? await this.store.get(done.handle) : null;
    if (done && stored) {
      if (done.fingerprint !== fingerprint) throw conflict();
      return stored;
    }
    await this.store.pruneIdempotent(new Date(Date.now() - KEEP_MS));
    try {
      return await create({ key, fingerprint });
    } catch (err) {
      if (err instanceof KeyTaken) return this.winner(key, fingerprint, create);
      throw err;
    }
  }

  /**
   * Another replica claimed the key a moment before: its job, once its create has an
   * answer (or was given up as unknown), as a retry on that replica would get it. Refused
   * there, the key is free again and this request tries its own create.
   */
  private async winner(
    key: string,
    fingerprint: string,
    create: (claim: IdempotencyClaim) => Promise<JobRecord>,
  ): Promise<JobRecord> {
    for (let i = 0; i < WINNER_POLLS; i++) {
      const done = await this.store.findIdempotent(key);
      if (!done) return create({ key, fingerprint });
      if (done.fingerprint !== fingerprint) throw conflict();
      const job = await this.store.get(done.handle);
      if (job && job.createState !== 'sending') return job;
      await new Promise((r) => setTimeout(r, WINNER_POLL_MS));
    }
    throw new StudioHttpError(
      studioError(
        503,
        'unavailable',
        'Another request with this Idempotency-Key is still being created.',
        'Send the same request again in a moment.',
        2,
      ),
    );
  }
}

export const conflict = (field = 'This Idempotency-Key') =>
  new StudioHttpError(
    studioError(
      422,
      'idempotency_conflict',
      `${field} was already used for a different request.`,
      'Send a new key for a new request.',
    ),
  );
