import { createHash, randomBytes } from 'node:crypto';
import type { OidcTransaction } from '../model/oidc';
import type { Db } from './schema';

const keyOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * OpenID Connect sign-ins under way, kept by the studio (any replica), not in the
 * browser: the cookie holds only a random token, the store its SHA-256. Each is taken
 * once: the callback deletes it as it reads it, so a callback replayed finds nothing.
 */
export class StoredOidcTransactions {
  constructor(private readonly db: Db) {}

  /** Keeps a new transaction for `ttlMs`; the token goes into the cookie. */
  async begin(tx: OidcTransaction, ttlMs: number, now = Date.now()): Promise<string> {
    await this.db.deleteFrom('oidc_transactions').where('expires_ms', '<', now).execute();
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('oidc_transactions')
      .values({ key_hash: keyOf(token), data: JSON.stringify(tx), expires_ms: now + ttlMs })
      .execute();
    return token;
  }

  /**
   * The transaction of this token, deleted as it is read: null when there is none (never
   * begun, taken already) and `expired` when its time is up.
   */
  async take(
    token: string | undefined,
    now = Date.now(),
  ): Promise<OidcTransaction | 'expired' | null> {
    if (!token || token.length > 100) return null;
    const row = await this.db
      .deleteFrom('oidc_transactions')
      .where('key_hash', '=', keyOf(token))
      .returning(['data', 'expires_ms'])
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_ms <= now) return 'expired';
    return JSON.parse(row.data) as OidcTransaction;
  }
}
