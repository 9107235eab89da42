import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `x-webhook-signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<body>` with the
 * account's webhook secret. The timestamp is inside the MAC so a captured callback
 * cannot be replayed later under a fresh timestamp.
 */
export function signatureHeader(secret: string, timestamp: string, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `sha256=${mac}`;
}

/** The receiving side's check, in constant time (used by the engine's own tests). */
export function verifySignature(
  secret: string,
  timestamp: string,
  body: string,
  header: string,
): boolean {
  const expected = Buffer.from(signatureHeader(secret, timestamp, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
