import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, outdatedHash, verifyNobody, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('verify the password they were made from, and no other', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$N=32768,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    // A salt of its own each time: the same password never hashes alike.
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(outdatedHash(hash)).toBe(false);
  });

  it('read the parameters beside the hash, so a cost can change without locking anyone out', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('an older password', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const older = `scrypt$N=16384,r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('an older password', older)).toBe(true);
    expect(outdatedHash(older)).toBe(true);
  });

  it('refuse anything that is not a hash they can check cheaply', async () => {
    const hash = await hashPassword('pw');
    for (const bad of [
      '',
      'pw',
      hash.replace('scrypt', 'argon2id'),
      hash.replace('N=32768', 'N=30000'),
      hash.replace('N=32768', 'N=4194304'),
      hash.replace('r=8', 'r=64'),
    ]) {
      expect(await verifyPassword('pw', bad), bad).toBe(false);
      expect(outdatedHash(bad)).toBe(true);
    }
    expect(await verifyNobody('pw')).toBe(false);
  });
});
