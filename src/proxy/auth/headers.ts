import type { MiddlewareHandler } from 'hono';

/**
 * Nothing but this origin's own scripts, styles, images and media; no framing, no base
 * tag, forms post only here. `style-src 'unsafe-inline'` is for React's style attributes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Security headers on every answer, errors and streams included. */
export function securityHeaders(publicUrl: () => string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('content-security-policy', CONTENT_SECURITY_POLICY);
    h.set('x-content-type-options', 'nosniff');
    h.set('referrer-policy', 'no-referrer');
    h.set('x-frame-options', 'DENY');
    h.set('cross-origin-opener-policy', 'same-origin');
    h.set('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (publicUrl().startsWith('https://')) {
      h.set('strict-transport-security', 'max-age=31536000');
    }
  };
}
