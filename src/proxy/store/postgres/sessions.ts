import type { PgPool } from '@/server/postgres';
import {
  SESSION_MS,
  newSessionToken,
  plausibleToken,
  sessionKey,
  type Sessions,
} from '@/proxy/auth/sessions';
import { first, run } from './sql';

/** Sign-in sessions in Postgres: a session made on one replica lets a browser in on all. */
export class PgSessions implements Sessions {
  constructor(private readonly pool: PgPool) {}

  async create(): Promise<{ token: string; maxAgeS: number }> {
    const now = Date.now();
    await run(this.pool, 'DELETE FROM sessions WHERE expires_ms < @now', { now });
    const token = newSessionToken();
    await run(
      this.pool,
      'INSERT INTO sessions (token_hash, created_ms, expires_ms) VALUES (@key, @now, @expires)',
      { key: sessionKey(token), now, expires: now + SESSION_MS },
    );
    return { token, maxAgeS: SESSION_MS / 1000 };
  }

  async valid(token: string | undefined): Promise<boolean> {
    if (!plausibleToken(token)) return false;
    const sql = 'SELECT 1 FROM sessions WHERE token_hash = @key AND expires_ms > @now';
    return (await first(this.pool, sql, { key: sessionKey(token), now: Date.now() })) !== undefined;
  }

  async end(token: string | undefined): Promise<void> {
    if (!token) return;
    await run(this.pool, 'DELETE FROM sessions WHERE token_hash = @key', {
      key: sessionKey(token),
    });
  }
}
