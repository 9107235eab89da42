import type { MiddlewareHandler } from 'hono';
import { hostAllowed, type HostRule } from '@/contract/allowed-hosts';
import { studioError, studioErrorResponse } from '../studio-error';
import { isHookPath } from './paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): URL | null => (URL.canParse(url) ? new URL(url) : null);

/** PUBLIC_URL's origin (behind a TLS-ending proxy), or a host the studio is served under. */
function trustedOrigin(origin: string, publicUrl: string, allowed: readonly HostRule[]): boolean {
  const url = originOf(origin);
  if (url === null) return false;
  if (url.origin === originOf(publicUrl)?.origin) return true;
  return hostAllowed(url.host, allowed, url.protocol === 'https:' ? 443 : 80);
}

/**
 * Refuses state-changing requests that a page of another site made (CSRF). Browsers say
 * where a request comes from in `Sec-Fetch-Site`, older ones in `Origin`; a request with
 * neither is not from a browser page, and a cookie-less tool is no CSRF risk. Callbacks
 * are server-to-server and carry their own token.
 */
export function sameOriginWrites(
  publicUrl: () => string,
  allowed: () => readonly HostRule[],
): MiddlewareHandler {
  const refuse = () =>
    studioErrorResponse(
      studioError(
        403,
        'cross_site',
        'This request came from another site and was refused.',
        'Use the studio from its own address.',
      ),
    );
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isHookPath(c.req.path)) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) {
      return site === 'same-origin' || site === 'none' ? next() : refuse();
    }
    const origin = c.req.header('origin');
    if (origin === undefined) return next();
    return trustedOrigin(origin, publicUrl(), allowed()) ? next() : refuse();
  };
}
