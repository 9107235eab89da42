import { createHash } from 'node:crypto';
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

/**
 * The policy with inline scripts allowed by their SHA-256 hashes, each that exact text and
 * nothing else (the drawn first screen's head script, routes/first-screen.ts).
 */
function contentSecurityPolicy(inlineScripts: readonly string[]): string {
  if (inlineScripts.length === 0) return CONTENT_SECURITY_POLICY;
  const hashes = inlineScripts.map(
    (s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`,
  );
  return `${CONTENT_SECURITY_POLICY}; script-src 'self' ${hashes.join(' ')}`;
}

/** Security headers on every answer, errors and streams included. */
export function securityHeaders(
  publicUrl: () => string,
  inlineScripts: readonly string[] = [],
): MiddlewareHandler {
  const policy = contentSecurityPolicy(inlineScripts);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('content-security-policy', policy);
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
