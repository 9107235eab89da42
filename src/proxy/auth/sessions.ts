import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';

export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** What a session is stored by: the token's SHA-256, so the database alone lets no one in. */
export const sessionKey = (token: string): string => sha256(token).toString('hex');

/** A new session token for the cookie; only its `sessionKey` is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** A cookie's token worth looking up: longer ones are refused without a query. */
export const plausibleToken = (token: string | undefined): token is string =>
  token !== undefined && token !== '' && token.length <= 100;

/** Sign-in sessions as every replica of a deployment sees them. */
export interface Sessions {
  create(): Promise<{ token: string; maxAgeS: number }>;
  valid(token: string | undefined): Promise<boolean>;
  end(token: string | undefined): Promise<void>;
}

/** Compares in constant time whatever the lengths, so timing tells nothing about the password. */
export function passwordMatches(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** Sign-in sessions in SQLite, so a restart signs no one out. */
export class SessionStore {
  // Prepared once: `valid` runs on every request when a password is set.
  private readonly sql;

  constructor(db: Database.Database) {
    this.sql = {
      prune: db.prepare('DELETE FROM sessions WHERE expires_ms < ?'),
      insert: db.prepare(
        'INSERT INTO sessions (token_hash, created_ms, expires_ms) VALUES (?, ?, ?)',
      ),
      find: db.prepare('SELECT 1 FROM sessions WHERE token_hash = ? AND expires_ms > ?'),
      remove: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
    };
  }

  /** A new session; the token goes into the cookie and is never stored. */
  create(): { token: string; maxAgeS: number } {
    const now = Date.now();
    this.sql.prune.run(now);
    const token = newSessionToken();
    this.sql.insert.run(sessionKey(token), now, now + SESSION_MS);
    return { token, maxAgeS: SESSION_MS / 1000 };
  }

  valid(token: string | undefined): boolean {
    if (!plausibleToken(token)) return false;
    return this.sql.find.get(sessionKey(token), Date.now()) !== undefined;
  }

  end(token: string | undefined): void {
    if (!token) return;
    this.sql.remove.run(sessionKey(token));
  }
}
