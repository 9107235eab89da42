import { createHash } from 'node:crypto';
import type { CreateJob } from '../../contract/studio-api';
import type { JobStore } from '../store/jobs';
import { StudioHttpError, invalidRequest, studioError } from '../studio-error';
import type { JobRecord } from './record';

const KEY_RE = /^[A-Za-z0-9._:~-]{1,64}$/;
const UUID_LIKE = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;
const KEEP_MS = 24 * 60 * 60 * 1000;

const fingerprintOf = (input: CreateJob): string =>
  createHash('sha256').update(JSON.stringify(input)).digest('base64url');

/**
 * Makes a double submit create one task: the first request with a key runs, a second one
 * (concurrent or later) gets the same job. A failed create stores nothing, so the same key
 * may try again.
 */
export class IdempotentCreates {
  private readonly running = new Map<string, { fingerprint: string; job: Promise<JobRecord> }>();

  constructor(private readonly store: JobStore) {}

  run(key: string, input: CreateJob, create: () => Promise<JobRecord>): Promise<JobRecord> {
    if (!KEY_RE.test(key) || UUID_LIKE.test(key)) {
      throw invalidRequest(
        'Idempotency-Key: must be 1 to 64 letters, digits or . _ : ~ - and not shaped like a UUID',
      );
    }
    const fingerprint = fingerprintOf(input);
    const done = this.store.findIdempotent(key);
    const doneJob = done ? this.store.get(done.handle) : null;
    const earlier =
      done && doneJob
        ? { fingerprint: done.fingerprint, job: Promise.resolve(doneJob) }
        : this.running.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) throw conflict();
      return earlier.job;
    }
    const job = create()
      .then((rec) => {
        this.store.pruneIdempotent(new Date(Date.now() - KEEP_MS));
        this.store.saveIdempotent(key, fingerprint, rec.handle);
        return rec;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, { fingerprint, job });
    return job;
  }
}

const conflict = () =>
  new StudioHttpError(
    studioError(
      422,
      'idempotency_conflict',
      'This Idempotency-Key was already used for a different request.',
      'Send a new key for a new request.',
    ),
  );
