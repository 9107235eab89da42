import { checkWebhookSignature } from '@/server/webhook-signature';

/** A callback older (or newer) than this is a replay or a badly wrong clock. */
const MAX_CALLBACK_SKEW_S = 300;

interface CallbackHeaders {
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * Checks a callback's `x-webhook-timestamp` and `x-webhook-signature` (the format of
 * `@/server/webhook-signature`, which the engine signs with). Without a secret only the
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
  switch (checkWebhookSignature(secret, timestamp, body, signature)) {
    case 'valid':
      return null;
    case 'malformed':
      return 'malformed signature';
    case 'mismatch':
      return 'bad signature';
  }
}
