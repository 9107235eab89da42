import type { Db } from '../db/open';
import type { AccountSpec } from './accounts-file';
import { hashKey } from './keys';
import { grant } from './ledger';

interface Money {
  granted: number;
  available: number;
  frozen: number;
  consumed: number;
}

export interface AccountRow {
  id: number;
  name: string;
  /** False once the key was dropped from the accounts file: the key is revoked (401). */
  listed: boolean;
  enabled: boolean;
  whitelisted: boolean;
  concurrency: number;
  stagedLimit: number;
  dailyErrorLimit: number;
  webhookSecret: string | null;
  credits: Money;
  points: Money;
  updatedAt: string;
}

interface RawAccount {
  id: number;
  name: string;
  listed: number;
  enabled: number;
  whitelisted: number;
  concurrency: number;
  staged_limit: number;
  daily_error_limit: number;
  webhook_secret: string | null;
  credits_granted: number;
  credits_available: number;
  credits_frozen: number;
  credits_consumed: number;
  points_granted: number;
  points_available: number;
  points_frozen: number;
  points_consumed: number;
  updated_at: string;
}

function toAccount(r: RawAccount): AccountRow {
  return {
    id: r.id,
    name: r.name,
    listed: r.listed === 1,
    enabled: r.enabled === 1,
    whitelisted: r.whitelisted === 1,
    concurrency: r.concurrency,
    stagedLimit: r.staged_limit,
    dailyErrorLimit: r.daily_error_limit,
    webhookSecret: r.webhook_secret,
    credits: {
      granted: r.credits_granted,
      available: r.credits_available,
      frozen: r.credits_frozen,
      consumed: r.credits_consumed,
    },
    points: {
      granted: r.points_granted,
      available: r.points_available,
      frozen: r.points_frozen,
      consumed: r.points_consumed,
    },
    updatedAt: r.updated_at,
  };
}

export function getAccount(db: Db, id: number): AccountRow | null {
  const raw = db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as RawAccount | undefined;
  return raw ? toAccount(raw) : null;
}

/** The listed account a key belongs to, or null (unknown or revoked key). */
export function accountByKey(db: Db, apiKey: string): AccountRow | null {
  const raw = db
    .prepare('SELECT * FROM accounts WHERE key_hash = ? AND listed = 1')
    .get(hashKey(apiKey)) as RawAccount | undefined;
  return raw ? toAccount(raw) : null;
}

/**
 * Makes the accounts table match the configured list: new keys become accounts, known
 * keys take the new settings, keys no longer listed are revoked. Amounts in the list are
 * totals granted, so a raised amount is topped up by a ledger grant of the difference;
 * a lowered one is ignored, because credit already handed out cannot be taken back
 * without breaking the money invariant.
 */
export function syncAccounts(db: Db, specs: readonly AccountSpec[], now: string): void {
  db.transaction(() => {
    db.prepare('UPDATE accounts SET listed = 0').run();
    for (const spec of specs) upsertAccount(db, spec, now);
  })();
}

function upsertAccount(db: Db, spec: AccountSpec, now: string): void {
  const keyHash = hashKey(spec.apiKey);
  db.prepare(
    `INSERT INTO accounts (key_hash, name, enabled, whitelisted, concurrency, staged_limit,
       daily_error_limit, webhook_secret, updated_at)
     VALUES (@keyHash, @name, @enabled, @whitelisted, @concurrency, @stagedLimit,
       @dailyErrorLimit, @webhookSecret, @now)
     ON CONFLICT (key_hash) DO UPDATE SET name = @name, listed = 1, enabled = @enabled,
       whitelisted = @whitelisted, concurrency = @concurrency, staged_limit = @stagedLimit,
       daily_error_limit = @dailyErrorLimit, webhook_secret = @webhookSecret`,
  ).run({
    keyHash,
    name: spec.name,
    enabled: spec.enabled ? 1 : 0,
    whitelisted: spec.whitelisted ? 1 : 0,
    concurrency: spec.concurrency,
    stagedLimit: spec.stagedLimit,
    dailyErrorLimit: spec.dailyErrorLimit,
    webhookSecret: spec.webhookSecret ?? null,
    now,
  });
  const { id } = db.prepare('SELECT id FROM accounts WHERE key_hash = ?').get(keyHash) as {
    id: number;
  };
  const account = getAccount(db, id);
  if (!account) return;
  const credits = Math.max(0, spec.credits - account.credits.granted);
  const points = Math.max(0, spec.points - account.points.granted);
  if (credits > 0 || points > 0) grant(db, id, { credits, points }, now);
}
