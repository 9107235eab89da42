import type { MiddlewareHandler } from 'hono';
import { studioError, studioErrorResponse } from '../studio-error';
import type { SessionCookie } from './cookie';
import { cleanPath, isHookPath } from './paths';
import type { Sessions } from './sessions';

/**
 * What needs no session: the upstream's two ways in (a callback token, an upload token,
 * both unguessable and good for nothing else), the health and readiness checks (for load
 * balancers; they tell only whether the studio and its dependencies answer), and signing
 * in, with what the sign-in page shows of the app (its icons and web manifest, so the app
 * can be installed from there). The service worker is not open: without a session it
 * cannot be fetched, so no new build installs, and keeps, a sign-in page in place of the
 * shell. `/metrics` never reaches this guard: it is answered before, by its own rule
 * (app.ts).
 */
const OPEN = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/u\//,
  /^\/login$/,
  /^\/logout$/,
  /^\/manifest\.webmanifest$/,
  /^\/favicon\.svg$/,
  /^\/icons\/[\w-]+\.png$/,
];

const API = /^\/(studio-api|media)(\/|$)/;

/**
 * What a browser fetches as part of a page (a script, a style, an image) or for a service
 * worker, rather than to show: `Sec-Fetch-Mode` other than `navigate`. Without a session
 * such a fetch is refused, not redirected: followed to the sign-in page, the redirect
 * would hand back a page in place of the file, which a service worker's precache would
 * keep as the app's shell or one of its scripts.
 */
const isSubresource = (mode: string | undefined): boolean =>
  mode !== undefined && mode !== 'navigate';

/**
 * With a password set, every other route needs a session: the API, media and the files a
 * page or a worker fetches answer 401 (the SPA shows the sign-in link), pages redirect to
 * /login and come back after.
 */
export function requireSession(sessions: Sessions, cookie: SessionCookie): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    // Matched on the decoded path: `/u/..%2findex.html` is not an upload.
    const clean = cleanPath(path);
    const open = clean !== null && (isHookPath(path) || OPEN.some((re) => re.test(clean)));
    if (open || (await sessions.valid(cookie.read(c)))) return next();
    const page =
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      !API.test(path) &&
      !isSubresource(c.req.header('sec-fetch-mode'));
    if (page) {
      const url = new URL(c.req.url);
      return c.redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
    }
    const error = studioError(
      401,
      'unauthenticated',
      'Sign in to use the studio.',
      'Open /login and enter the studio password.',
    );
    return studioErrorResponse(error);
  };
}
