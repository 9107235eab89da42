import { createHash, randomBytes } from 'node:crypto';
import type { Caller } from '../model/people';

export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** What a session is stored by: the token's SHA-256, so the database alone lets no one in. */
export const sessionKey = (token: string): string => sha256(token).toString('hex');

/** A new session token for the cookie; only its `sessionKey` is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** A cookie's token worth looking up: longer ones are refused without a query. */
export const plausibleToken = (token: string | undefined): token is string =>
  token !== undefined && token !== '' && token.length <= 100;

/** Sign-in sessions as every replica of a deployment sees them, each of one person. */
export interface Sessions {
  create(personId: string): Promise<{ token: string; maxAgeS: number }>;
  /**
   * Whose session the cookie's token is, read from the store at every call: null when it
   * is unknown, expired, ended, or its person was removed. Their role is today's.
   */
  who(token: string | undefined): Promise<Caller | null>;
  end(token: string | undefined): Promise<void>;
}
