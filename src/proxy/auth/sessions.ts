import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';

const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares in constant time whatever the lengths, so timing tells nothing about the password. */
export function passwordMatches(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** Sign-in sessions in SQLite, so a restart signs no one out. */
export class SessionStore {
  constructor(private readonly db: Database.Database) {}

  /** A new session; the token goes into the cookie and is never stored. */
  create(): { token: string; maxAgeS: number } {
    const now = Date.now();
    this.db.prepare('DELETE FROM sessions WHERE expires_ms < ?').run(now);
    const token = randomBytes(32).toString('base64url');
    this.db
      .prepare('INSERT INTO sessions (token_hash, created_ms, expires_ms) VALUES (?, ?, ?)')
      .run(sha256(token).toString('hex'), now, now + SESSION_MS);
    return { token, maxAgeS: SESSION_MS / 1000 };
  }

  valid(token: string | undefined): boolean {
    if (!token || token.length > 100) return false;
    const row = this.db
      .prepare('SELECT 1 FROM sessions WHERE token_hash = ? AND expires_ms > ?')
      .get(sha256(token).toString('hex'), Date.now());
    return row !== undefined;
  }

  end(token: string | undefined): void {
    if (!token) return;
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(sha256(token).toString('hex'));
  }
}
