import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers a callback carries: the time it was sent, and its MAC when signed. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

const mac = (secret: string, timestamp: string, body: string): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();

/**
 * `sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<body>` with the account's webhook
 * secret. The timestamp is inside the MAC so a captured callback cannot be replayed later
 * under a fresh timestamp. The engine sends it; the studio checks it.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${mac(secret, timestamp, body).toString('hex')}`;
}

/**
 * The receiving side's check, in constant time: `valid`, `malformed` (not `sha256=` and
 * 64 hex digits, in either case) or `mismatch`.
 */
export function checkWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  header: string,
): 'valid' | 'malformed' | 'mismatch' {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header)?.[1];
  if (hex === undefined) return 'malformed';
  const given = Buffer.from(hex, 'hex');
  return timingSafeEqual(mac(secret, timestamp, body), given) ? 'valid' : 'mismatch';
}
