import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { SessionCookie } from '../auth/cookie';
import { loginPage, safeNext } from '../auth/login-page';
import {
  FailureBackoff,
  RateLimit,
  memoryBackoff,
  type BackoffState,
  type BackoffStore,
} from '../auth/rate-limit';
import { passwordMatches, type Sessions } from '../auth/sessions';
import type { Logger } from '../log';
import { formFields } from './validate';

interface LoginDeps {
  password: string;
  sessions: Sessions;
  cookie: SessionCookie;
  log: Logger;
  /** Where failures from all addresses are counted (replicas share it); this process by default. */
  signIns?: BackoffStore;
  /** The limits' clock (tests move it rather than wait for a window to pass). */
  now?: () => number;
}

/**
 * Five tries a minute from one address: enough for typos, far too few for guessing. And
 * five failures a minute from all addresses together, so that an attacker with many
 * addresses guesses no faster than one with a single address.
 */
const TRIES = 5;
const WINDOW_MS = 60_000;
/** The longest pause of all sign-ins that repeated failures can cause. */
const MAX_PAUSE_MS = 15 * 60_000;

/** What became of a sign-in attempt. */
type Attempt =
  | { kind: 'paused' | 'limited'; waitS: number }
  | { kind: 'wrong'; pauseS: number | null }
  | { kind: 'ok' };

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
  const perAddress = new RateLimit(TRIES, WINDOW_MS);
  const signIns = deps.signIns ?? memoryBackoff();
  const backoff = (state: BackoffState | null) =>
    new FailureBackoff(TRIES, WINDOW_MS, MAX_PAUSE_MS, state);
  /**
   * One sign-in attempt, decided in one step of the backoff shared by every replica: the
   * pause, then this address's limit, then the password, counted as a failure when it is
   * wrong. Guesses sent at once, to one replica or many, take turns: none is checked after
   * the failure that starts a pause.
   */
  const attempt = (now: number, address: string, given: string) =>
    signIns.update((state): { state: BackoffState; result: Attempt } => {
      const b = backoff(state);
      const pausedS = b.wait(now);
      if (pausedS !== null) return { state: b.state, result: { kind: 'paused', waitS: pausedS } };
      const waitS = perAddress.attempt(address, now);
      if (waitS !== null) return { state: b.state, result: { kind: 'limited', waitS } };
      if (passwordMatches(given, deps.password)) return { state: b.state, result: { kind: 'ok' } };
      const pauseS = b.failed(now);
      return { state: b.state, result: { kind: 'wrong', pauseS } };
    });
  const clock = deps.now ?? Date.now;

  app.get('/login', async (c) => {
    const next = safeNext(c.req.query('next'));
    // A signed-in browser arriving from another site did not send its cookie then.
    if (await deps.sessions.valid(deps.cookie.read(c))) return c.redirect(next, 303);
    return c.html(loginPage(next, null));
  });

  app.post('/login', async (c) => {
    const form = await formFields(c, 'password');
    const next = safeNext(form.next);
    const given = typeof form.password === 'string' ? form.password : '';
    // Both limits answer before the password is looked at, so a refusal says nothing
    // about it; an attempt refused by the pause is not counted against its address.
    const outcome = await attempt(clock(), clientOf(c), given);
    if (outcome.kind === 'paused' || outcome.kind === 'limited') {
      // The pause was logged once when it began; a line per refusal would let a flood in.
      if (outcome.kind === 'limited')
        deps.log.warn('sign-in rate limited', { waitS: outcome.waitS });
      c.header('retry-after', String(outcome.waitS));
      return c.html(loginPage(next, `Too many attempts. Try again in ${outcome.waitS} s.`), 429);
    }
    if (outcome.kind === 'wrong') {
      if (outcome.pauseS === null) deps.log.warn('sign-in failed');
      else deps.log.warn('sign-in failed; all sign-ins paused', { pauseS: outcome.pauseS });
      return c.html(loginPage(next, 'Wrong password.'), 401);
    }
    const session = await deps.sessions.create();
    deps.cookie.write(c, session.token, session.maxAgeS);
    deps.log.info('signed in');
    return c.redirect(next, 303);
  });

  app.post('/logout', async (c) => {
    await deps.sessions.end(deps.cookie.read(c));
    deps.cookie.clear(c);
    // The browser's HTTP cache goes too: media are kept for good once seen, and must not
    // outlive the session on a shared machine. The app's service worker keeps no answer.
    c.header('clear-site-data', '"cache"');
    return c.redirect('/login', 303);
  });
  return app;
}
