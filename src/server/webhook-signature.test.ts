import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhook } from './webhook-signature';

const SECRET = 'whsec_fixed-secret';
const TIMESTAMP = '1767225600';
const BODY =
  '{"job_id":"5f0c2b7e-0000-4000-8000-000000000001","status":"completed","note":"café ✓"}';
/** What receivers already check against: `openssl dgst -sha256 -hmac` of "timestamp.body". */
const PINNED = 'sha256=21013771371c6a1a65cc08cb54cfdbcbbd83cc894b044e4886b1f1caf3ba66f5';

describe('the webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of "timestamp.body", byte for byte', () => {
    expect(signWebhook(SECRET, TIMESTAMP, BODY)).toBe(PINNED);
    const own = createHmac('sha256', SECRET).update(`${TIMESTAMP}.${BODY}`).digest('hex');
    expect(PINNED).toBe(`sha256=${own}`);
  });

  it('accepts its own signature, in either case of hex', () => {
    expect(checkWebhookSignature(SECRET, TIMESTAMP, BODY, PINNED)).toBe('valid');
    const upper = `sha256=${PINNED.slice('sha256='.length).toUpperCase()}`;
    expect(checkWebhookSignature(SECRET, TIMESTAMP, BODY, upper)).toBe('valid');
  });

  it('refuses a signature of another body, time or secret', () => {
    expect(checkWebhookSignature(SECRET, TIMESTAMP, `${BODY} `, PINNED)).toBe('mismatch');
    expect(checkWebhookSignature(SECRET, '1767225601', BODY, PINNED)).toBe('mismatch');
    expect(checkWebhookSignature(`${SECRET}x`, TIMESTAMP, BODY, PINNED)).toBe('mismatch');
  });

  it('calls anything but sha256= and 64 hex digits malformed', () => {
    const hex = PINNED.slice('sha256='.length);
    for (const header of [
      '',
      hex,
      `sha1=${hex}`,
      `${PINNED}0`,
      PINNED.slice(0, -1),
      `${PINNED} `,
    ]) {
      expect(checkWebhookSignature(SECRET, TIMESTAMP, BODY, header), header).toBe('malformed');
    }
  });
});
