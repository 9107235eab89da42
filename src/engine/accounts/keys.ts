import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The database keeps only a hash of each key: a copied data dir does not leak keys, and
 * a lookup by hash compares no secret byte by byte.
 */
export const hashKey = (apiKey: string): string =>
  createHash('sha256').update(apiKey, 'utf8').digest('hex');

const newKey = (): string => `eng_${randomBytes(24).toString('base64url')}`;

/**
 * The dev account's key: generated once and kept in the data dir, so a restart (and the
 * studio that was given the key) keeps working.
 */
export function loadOrCreateDevKey(dataDir: string): string {
  const file = path.join(dataDir, 'dev-api-key');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 8) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = newKey();
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** The key of a request: `x-api-key`, or `Authorization: Bearer <key>`. */
export function keyFromHeaders(headers: { get(name: string): string | null }): string | null {
  const direct = headers.get('x-api-key')?.trim();
  if (direct) return direct;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return bearer?.[1] ?? null;
}
