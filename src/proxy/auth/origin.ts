import type { MiddlewareHandler } from 'hono';
import { studioError } from '../studio-error';
import { isHookPath } from './paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Refuses state-changing requests that a page of another site made (CSRF). Browsers say
 * where a request comes from in `Sec-Fetch-Site`, older ones in `Origin`; a request with
 * neither is not from a browser page, and a cookie-less tool is no CSRF risk. Callbacks
 * are server-to-server and carry their own token.
 */
export function sameOriginWrites(publicUrl: () => string): MiddlewareHandler {
  const refuse = () =>
    Response.json(
      {
        error: studioError(
          403,
          'cross_site',
          'This request came from another site and was refused.',
          'Use the studio from its own address.',
        ),
      },
      { status: 403 },
    );
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isHookPath(c.req.path)) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) {
      return site === 'same-origin' || site === 'none' ? next() : refuse();
    }
    const origin = c.req.header('origin');
    if (origin === undefined) return next();
    // The address the browser used (Host), or PUBLIC_URL behind a TLS-ending proxy.
    const host = c.req.header('host');
    const ok =
      origin === originOf(publicUrl()) ||
      (host !== undefined && originOf(origin) !== null && new URL(origin).host === host);
    return ok ? next() : refuse();
  };
}
