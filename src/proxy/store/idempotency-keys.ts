/** A create's Idempotency-Key and the fingerprint of the request that first used it. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** Another create (on this replica or another) claimed the key first: its create makes the job. */
export class KeyTaken extends Error {
  constructor(readonly key: string) {
    super('the idempotency key was claimed by another create');
  }
}
