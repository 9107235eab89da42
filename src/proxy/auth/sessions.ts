import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
