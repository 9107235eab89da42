import { randomBytes } from 'node:crypto';

/**
 * A new job handle: 12 base64url characters (72 random bits). It matches the contract's
 * HANDLE_RE and can never look like a UUID, so a scan for UUIDs in what the browser
 * receives stays meaningful.
 */
export const newHandle = (): string => randomBytes(9).toString('base64url');

/**
 * Callback tokens and upload names: 128 random bits, unguessable, and too short to look
 * like a UUID.
 */
export const newToken = (): string => randomBytes(16).toString('base64url');
export const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;
