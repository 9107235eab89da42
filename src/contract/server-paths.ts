/**
 * The paths the studio answers itself, never with the SPA: its browser API and event
 * stream, media, the upstream's callbacks and uploads, signing in and out, invite and share links, the health and
 * readiness checks and the metrics. Written once for the proxy's routes (app.ts mounts each under one of these) and
 * the service worker, which never answers a navigation to one of them from its cache.
 */
export const SERVER_PATHS = [
  '/studio-api',
  '/media',
  '/hooks',
  '/u',
  '/login',
  '/logout',
  '/invite',
  '/s',
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

/** `/media` itself, `/media/…` and `/media?…`; not `/mediafoo`. */
export const SERVER_PATH_PATTERNS: readonly RegExp[] = SERVER_PATHS.map(
  (p) => new RegExp(`^${p.replace(/[/]/g, '\\/')}(?:[/?#]|$)`),
);

/** Whether a URL path (and query) is one of the studio's own, not a page of the SPA. */
export const isServerPath = (path: string): boolean =>
  SERVER_PATH_PATTERNS.some((re) => re.test(path));
