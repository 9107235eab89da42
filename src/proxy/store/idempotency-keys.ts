import type Database from 'better-sqlite3';
import { z } from 'zod';
import { prepared } from '@/server/sqlite';

/** A create's Idempotency-Key and the fingerprint of the request that first used it. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** Another replica claimed the key first: its create makes the job. */
export class KeyTaken extends Error {
  constructor(readonly key: string) {
    super('the idempotency key was claimed by another create');
  }
}

const keyRowSchema = z.object({ fingerprint: z.string(), handle: z.string() });

export function findKey(
  db: Database.Database,
  key: string,
): { fingerprint: string; handle: string } | null {
  const row: unknown = prepared(
    db,
    'SELECT fingerprint, handle FROM idempotency_keys WHERE key = ?',
  ).get(key);
  return row === undefined ? null : keyRowSchema.parse(row);
}

/** Binds a key to the job it made; a key whose job was deleted is taken over. */
export function saveKey(db: Database.Database, claim: IdempotencyClaim, handle: string): void {
  prepared(
    db,
    'INSERT OR REPLACE INTO idempotency_keys (key, fingerprint, handle, created_at) VALUES (?, ?, ?, ?)',
  ).run(claim.key, claim.fingerprint, handle, new Date().toISOString());
}

export function pruneKeys(db: Database.Database, olderThan: Date): void {
  prepared(db, 'DELETE FROM idempotency_keys WHERE created_at < ?').run(olderThan.toISOString());
}
