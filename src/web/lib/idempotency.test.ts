import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('newIdempotencyKey', () => {
  it('is 16 base36 characters, never UUID-shaped, and different each time', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-z]{16}$/);
      expect(key).not.toMatch(UUID_RE);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
