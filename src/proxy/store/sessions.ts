import {
  SESSION_MS,
  newSessionToken,
  plausibleToken,
  sessionKey,
  type Sessions,
} from '../auth/sessions';
import type { Caller } from '../model/people';
import type { StoreDialect } from './dialect';
import { reused } from './reused';
import type { Db } from './schema';

/** The person a live session is for: every request with a session asks. */
const SESSION_PERSON = reused(['key', 'now'], (db, _d, v: { key: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('people', 'people.id', 'sessions.person_id')
    .select(['people.id', 'people.name', 'people.email', 'people.role'])
    .where('sessions.token_hash', '=', v.key)
    .where('sessions.expires_ms', '>', v.now)
    .where('people.removed_ms', 'is', null),
);

/**
 * Sign-in sessions in the store, by the SHA-256 of their token: a restart signs no one
 * out, and on Postgres a session made on one replica lets a browser in on all. Each is a
 * person's, read with them at every request: a person removed, or whose role changed
 * (which deletes their sessions), is signed out on every replica at their next request.
 */
export class StoredSessions implements Sessions {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
  ) {}

  /** A new session; the token goes into the cookie and is never stored. */
  async create(personId: string): Promise<{ token: string; maxAgeS: number }> {
    const now = Date.now();
    await this.db.deleteFrom('sessions').where('expires_ms', '<', now).execute();
    const token = newSessionToken();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: sessionKey(token),
        created_ms: now,
        expires_ms: now + SESSION_MS,
        person_id: personId,
      })
      .execute();
    return { token, maxAgeS: SESSION_MS / 1000 };
  }

  async who(token: string | undefined): Promise<Caller | null> {
    if (!plausibleToken(token)) return null;
    const [row] = await SESSION_PERSON(this.db, this.d, {
      key: sessionKey(token),
      now: Date.now(),
    });
    return row ?? null;
  }

  async end(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom('sessions').where('token_hash', '=', sessionKey(token)).execute();
  }
}
