import type { StudioError } from '@/contract/studio-api';
import { studioError } from '../studio-error';

/**
 * A failed call to the upstream. `status` is null when no HTTP answer came (network error,
 * timeout). `message` is the upstream's text, already redacted of UUIDs and the key.
 * `unsent`: no connection was ever made, so the upstream surely did nothing.
 */
export class UpstreamError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    readonly retryAfterS: number | null = null,
    readonly unsent = false,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** Failures to connect at all (fetch's `cause.code`): not one byte reached the upstream. */
const UNSENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function neverConnected(err: unknown): boolean {
  const cause: unknown = err instanceof Error ? err.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : null;
  return typeof code === 'string' && UNSENT_CODES.has(code);
}

/**
 * Whether a failed create surely made no task: the upstream refused it (a 4xx, or 503:
 * under maintenance, or no server behind a load balancer), or was never reached. A
 * timeout, a cut connection, a 500 or a gateway's 502/504 may have made one all the same,
 * and so may a 408, a proxy's timeout.
 */
export const isDefiniteRefusal = (err: unknown): err is UpstreamError => {
  if (!(err instanceof UpstreamError)) return false;
  const s = err.status;
  return err.unsent || s === 503 || (s !== null && s >= 400 && s < 500 && s !== 408);
};

const DEFAULT_RETRY_AFTER_S = 15;

/**
 * The three reasons for 403 (docs/service-interface.md#reasons-for-403), each with what it
 * means for the user.
 */
function forbiddenHint(message: string): string {
  const m = message.toLowerCase();
  if (m.includes('whitelist')) {
    return 'This operation is only open to whitelisted accounts on the image service. Upgrade the plan or ask the service’s support to enable it; other operations still work.';
  }
  if (m.includes('disable')) {
    return 'The studio’s account on the image service is disabled. The operator has to contact the service’s support.';
  }
  if (m.includes('error limit') || m.includes('daily')) {
    return 'The account reached its daily limit of failed requests. New tasks are accepted again tomorrow.';
  }
  return 'The image service refused this for the studio’s account: a feature limited to whitelisted accounts, a disabled account, or the daily error limit.';
}

/** Maps an upstream failure to the one error model the browser knows. */
export function toStudioError(err: UpstreamError): StudioError {
  const msg = err.message;
  switch (err.status) {
    case 400:
      return studioError(400, 'invalid_request', msg || 'The image service refused the request.');
    case 401:
      return studioError(
        401,
        'upstream_auth',
        'The image service did not accept the studio’s API key.',
        'The studio’s API key is missing, wrong or revoked. This is for the operator: set UPSTREAM_API_KEY (or UPSTREAM_API_KEY_FILE) and restart the studio.',
      );
    case 402:
      // The service says only "insufficient quota"; say what it means.
      return studioError(
        402,
        'insufficient_quota',
        'Not enough credits: the account’s available balance cannot cover what this task costs, so the image service did not start it.',
        `Top up credits on the image service’s account, or wait for running jobs to give back what they hold, then try again.${msg ? ` (The service said: “${msg}”.)` : ''}`,
      );
    case 403:
      return studioError(
        403,
        'forbidden',
        msg || 'The image service refused the request.',
        forbiddenHint(msg),
      );
    case 404:
      return studioError(404, 'not_found', msg || 'The image service does not know this job.');
    case 429:
      return studioError(
        429,
        'rate_limited',
        msg || 'Too many tasks are running or queued.',
        'Wait for running jobs to finish, then try again.',
        err.retryAfterS ?? DEFAULT_RETRY_AFTER_S,
      );
    case 503:
      return studioError(
        503,
        'unavailable',
        msg || 'This feature is under maintenance.',
        'The image service has this feature under maintenance; try again later or use another operation.',
      );
    case null:
    default:
      return unexpected(err);
  }
}

function unexpected(err: UpstreamError): StudioError {
  const hint = 'The image service is unreachable or failing; try again in a moment.';
  if (err.status !== null && err.status >= 400 && err.status < 500) {
    return studioError(
      err.status,
      'upstream_rejected',
      err.message || 'The image service refused the request.',
    );
  }
  const message =
    err.status === null
      ? err.message || 'The image service did not answer.'
      : `The image service failed with status ${err.status}.`;
  return studioError(502, 'upstream_unavailable', message, hint);
}
