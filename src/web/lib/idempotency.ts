const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const KEY_LENGTH = 16;
// The largest multiple of 36 that fits a byte: bytes at or above it are skipped so every
// character is equally likely.
const UNBIASED_LIMIT = 252;

/**
 * A random `Idempotency-Key`: 16 base36 characters. Deliberately not UUID-shaped, so a
 * scan of browser traffic for UUIDs only ever finds leaked upstream job ids.
 */
export function newIdempotencyKey(): string {
  let key = '';
  while (key.length < KEY_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(KEY_LENGTH))) {
      if (b < UNBIASED_LIMIT && key.length < KEY_LENGTH) key += ALPHABET[b % 36] ?? '';
    }
  }
  return key;
}
