import type { MiddlewareHandler } from 'hono';
import { hostAllowed, type HostRule } from '@/contract/allowed-hosts';
import { isProbe } from '@/server/metrics';
import { studioError, studioErrorResponse } from '../studio-error';

/**
 * Answers only the hosts the studio is served under (DNS rebinding: another site's name
 * pointed at 127.0.0.1 would otherwise be "same-origin" with the studio). Runs before
 * everything else, sign-in included. `allowed` is known once the server has its port.
 * Health and readiness probes pass under any name (see `isProbe`).
 */
export function hostCheck(allowed: () => readonly HostRule[]): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host');
    if (isProbe(c) || hostAllowed(host, allowed())) return next();
    const error = studioError(
      421,
      'misdirected_request',
      `This studio does not answer to the host ${JSON.stringify((host ?? '').slice(0, 200))}.`,
      'Open the studio at its own address (localhost, 127.0.0.1 or PUBLIC_URL). To serve it under another name, add that name to STUDIO_ALLOWED_HOSTS (comma-separated, e.g. studio.lan or studio.lan:8080).',
    );
    return studioErrorResponse(error);
  };
}
