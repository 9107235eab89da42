import { createHmac, timingSafeEqual } from 'node:crypto';

/** A callback older (or newer) than this is a replay or a badly wrong clock. */
const MAX_CALLBACK_SKEW_S = 300;

interface CallbackHeaders {
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * Checks a callback's `x-webhook-timestamp` and `x-webhook-signature`
 * (`sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`). Without a secret only the
 * timestamp is checked, when there is one: the per-job token already names the sender.
 * Returns why the callback is refused, or null.
 */
export function refuseCallback(
  secret: string | undefined,
  headers: CallbackHeaders,
  body: string,
  nowMs = Date.now(),
): string | null {
  const { timestamp, signature } = headers;
  if (timestamp !== undefined) {
    if (!/^\d{1,12}$/.test(timestamp)) return 'malformed timestamp';
    if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_CALLBACK_SKEW_S) return 'stale timestamp';
  }
  if (secret === undefined) return null;
  if (timestamp === undefined || signature === undefined) return 'missing signature';
  const m = /^sha256=([0-9a-f]{64})$/i.exec(signature);
  if (!m?.[1]) return 'malformed signature';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(m[1], 'hex');
  return timingSafeEqual(expected, given) ? null : 'bad signature';
}
