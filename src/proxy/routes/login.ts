import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { SessionCookie } from '../auth/cookie';
import { loginPage, safeNext } from '../auth/login-page';
import { RateLimit } from '../auth/rate-limit';
import { passwordMatches, type SessionStore } from '../auth/sessions';
import type { Logger } from '../log';

interface LoginDeps {
  password: string;
  sessions: SessionStore;
  cookie: SessionCookie;
  log: Logger;
}

/** Five tries a minute from one address: enough for typos, far too few for guessing. */
const TRIES = 5;
const WINDOW_MS = 60_000;

/** The client's address, as the socket sees it: headers could be forged. */
function clientOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** `GET /login`, `POST /login` and `POST /logout`. */
export function loginRoutes(deps: LoginDeps): Hono {
  const app = new Hono();
  const limit = new RateLimit(TRIES, WINDOW_MS);

  app.get('/login', (c) => {
    const next = safeNext(c.req.query('next'));
    // A signed-in browser arriving from another site did not send its cookie then.
    if (deps.sessions.valid(deps.cookie.read(c))) return c.redirect(next, 303);
    return c.html(loginPage(next, null));
  });

  app.post('/login', async (c) => {
    const form = await c.req.parseBody();
    const next = safeNext(form.next);
    const waitS = limit.attempt(clientOf(c));
    if (waitS !== null) {
      deps.log.warn('sign-in rate limited', { waitS });
      c.header('retry-after', String(waitS));
      return c.html(loginPage(next, `Too many attempts. Try again in ${waitS} s.`), 429);
    }
    const given = typeof form.password === 'string' ? form.password : '';
    if (!passwordMatches(given, deps.password)) {
      deps.log.warn('sign-in failed');
      return c.html(loginPage(next, 'Wrong password.'), 401);
    }
    const session = deps.sessions.create();
    deps.cookie.write(c, session.token, session.maxAgeS);
    deps.log.info('signed in');
    return c.redirect(next, 303);
  });

  app.post('/logout', (c) => {
    deps.sessions.end(deps.cookie.read(c));
    deps.cookie.clear(c);
    return c.redirect('/login', 303);
  });
  return app;
}
