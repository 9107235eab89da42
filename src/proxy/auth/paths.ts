import type { MiddlewareHandler } from 'hono';
import { studioError, studioErrorResponse } from '../studio-error';

/**
 * The request path decoded once, or null when it could lead somewhere other than it
 * says: an encoded separator (%2F, %5C), a backslash, or a `.`/`..` segment, raw or
 * encoded. Hono leaves %2F encoded, so `/hooks/..%2findex.html` would match `/hooks/*`
 * and then, decoded by a file handler, name `/index.html`.
 */
export function cleanPath(path: string): string | null {
  if (/%(2f|5c)/i.test(path) || path.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  return decoded.split('/').some((s) => s === '.' || s === '..') ? null : decoded;
}

/** `/hooks/…`: the upstream's callbacks and the start-up probe, open without a session. */
export const isHookPath = (path: string): boolean =>
  cleanPath(path)?.startsWith('/hooks/') ?? false;

/** No route has a path that `cleanPath` refuses: 400 before any route or guard sees it. */
export function refuseUncleanPaths(): MiddlewareHandler {
  return async (c, next) => {
    if (cleanPath(c.req.path) !== null) return next();
    const error = studioError(
      400,
      'invalid_request',
      'The path holds an encoded slash or backslash, or a "." or ".." segment; no studio address does.',
    );
    return studioErrorResponse(error);
  };
}
