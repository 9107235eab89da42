import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are kept as scrypt hashes (memory-hard: each guess costs 32 MB and tens of
 * milliseconds), with a 16-byte salt of their own and the parameters written beside the
 * hash: `scrypt$N=32768,r=8,p=1$<salt>$<hash>` (base64url). A hash made with other
 * parameters still verifies, so the cost can be raised without locking anyone out.
 */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

interface Params {
  N: number;
  r: number;
  p: number;
}

const derive = (password: string, salt: Buffer, params: Params): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = {
      ...params,
      // scrypt needs 128·N·r bytes; Node's default ceiling (32 MB) is just below that.
      maxmem: 256 * params.N * params.r,
    };
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

/** A new hash of `password`, with a new salt and today's parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT);
  const params = `N=${SCRYPT.N},r=${SCRYPT.r},p=${SCRYPT.p}`;
  return `scrypt$${params}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const HASH_RE = /^scrypt\$N=(\d{1,8}),r=(\d{1,3}),p=(\d{1,3})\$([\w-]{16,64})\$([\w-]{16,128})$/;

/** The parameters a stored hash was made with; null for anything that is not one. */
function parse(stored: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const m = HASH_RE.exec(stored);
  if (!m) return null;
  const params = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  // Bounds, so that a hash written by hand cannot make a sign-in take minutes.
  const powerOfTwo = (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N < 2 ** 10 || params.N > 2 ** 20) return null;
  if (params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return null;
  return {
    params,
    salt: Buffer.from(m[4] ?? '', 'base64url'),
    key: Buffer.from(m[5] ?? '', 'base64url'),
  };
}

/** Whether `password` is the one `stored` was made from, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than today's (so re-hash it). */
export function outdatedHash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    parsed === null ||
    parsed.params.N !== SCRYPT.N ||
    parsed.params.r !== SCRYPT.r ||
    parsed.params.p !== SCRYPT.p
  );
}

let decoy: Promise<string> | null = null;

/**
 * Takes as long as checking a real password: for a sign-in naming nobody, so that how long
 * the answer takes does not tell whether the address belongs to someone.
 */
export async function verifyNobody(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(password, await decoy);
  return false;
}
