import {
  SESSION_MS,
  newSessionToken,
  plausibleToken,
  sessionKey,
  type Sessions,
} from '../auth/sessions';
import type { Db } from './schema';

/**
 * Sign-in sessions in the store, by the SHA-256 of their token: a restart signs no one
 * out, and on Postgres a session made on one replica lets a browser in on all.
 */
export class StoredSessions implements Sessions {
  constructor(private readonly db: Db) {}

  /** A new session; the token goes into the cookie and is never stored. */
  async create(): Promise<{ token: string; maxAgeS: number }> {
    const now = Date.now();
    await this.db.deleteFrom('sessions').where('expires_ms', '<', now).execute();
    const token = newSessionToken();
    await this.db
      .insertInto('sessions')
      .values({ token_hash: sessionKey(token), created_ms: now, expires_ms: now + SESSION_MS })
      .execute();
    return { token, maxAgeS: SESSION_MS / 1000 };
  }

  async valid(token: string | undefined): Promise<boolean> {
    if (!plausibleToken(token)) return false;
    const row = await this.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', sessionKey(token))
      .where('expires_ms', '>', Date.now())
      .executeTakeFirst();
    return row !== undefined;
  }

  async end(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom('sessions').where('token_hash', '=', sessionKey(token)).execute();
  }
}
