import { Hono } from 'hono';
import { clientOf } from '../auth/client';
import type { SessionCookie } from '../auth/cookie';
import { loginPage, safeNext } from '../auth/login-page';
import { outdatedHash, hashPassword, verifyNobody, verifyPassword } from '../auth/passwords';
import {
  FailureBackoff,
  RateLimit,
  type BackoffState,
  type BackoffStore,
  type SignInStates,
} from '../auth/rate-limit';
import type { Sessions } from '../auth/sessions';
import type { Logger } from '../log';
import { SESSIONS_ENDED_TEXT, emailKey, type PersonRecord } from '../model/people';
import type { StoredAudit } from '../store/audit';
import type { StoredPeople } from '../store/people';
import { formFields } from './validate';

interface LoginDeps {
  people: Pick<StoredPeople, 'byEmail' | 'withPassword' | 'setPassword'>;
  sessions: Sessions;
  cookie: SessionCookie;
  log: Logger;
  /** Where failures are counted, for the studio and each account (replicas share it). */
  signIns: BackoffStore;
  /** Where sign-ins and failed ones are recorded. */
  audit: Pick<StoredAudit, 'append'>;
  /** The OpenID Connect provider's name, for its link on the sign-in page; null without. */
  provider?: string | null;
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
/**
 * One account: five failures within ten minutes, however slowly they come, pause that
 * account's sign-ins for ten minutes, doubling up to an hour. Someone guessing under the
 * studio's limit at one person's password gets 5 guesses in 10 minutes, not 40.
 */
const ACCOUNT_WINDOW_MS = 10 * 60_000;
const ACCOUNT_MAX_PAUSE_MS = 60 * 60_000;

/** What became of a sign-in attempt. */
type Attempt =
  | { kind: 'paused'; waitS: number }
  | { kind: 'limited'; waitS: number }
  | { kind: 'wrong'; pauseS: number | null; person: PersonRecord | null }
  | { kind: 'ok'; person: PersonRecord };

export const field = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Sign-in attempts, each decided in one step of the backoff shared by every replica: the
 * studio's pause and the account's, then the address's limit, then the password (the
 * step waits for scrypt), counted as a failure of both when it is wrong. Guesses sent at
 * once, to one replica or many, take turns: none is checked after the failure that
 * starts a pause.
 */
function signInAttempts(deps: LoginDeps) {
  const perAddress = new RateLimit(TRIES, WINDOW_MS);
  const studioBackoff = (state: BackoffState | null) =>
    new FailureBackoff(TRIES, WINDOW_MS, MAX_PAUSE_MS, state);
  const accountBackoff = (state: BackoffState | null) =>
    new FailureBackoff(TRIES, ACCOUNT_WINDOW_MS, ACCOUNT_MAX_PAUSE_MS, state);

  /**
   * Whom a sign-in names: the person with that email; without one, the only person who
   * has a password, as long as there is exactly one (a studio upgraded from the one
   * shared password, whose browsers and password managers send the password alone).
   */
  const named = async (email: string) => {
    if (email.trim() !== '') {
      return { key: emailKey(email).slice(0, 254), person: await deps.people.byEmail(email) };
    }
    const [only, other] = await deps.people.withPassword(2);
    if (!only || other) return { key: null, person: null };
    return { key: emailKey(only.email), person: only };
  };

  return async (now: number, address: string, email: string, given: string) => {
    const { key, person } = await named(email);
    return deps.signIns.update(key, async (states: SignInStates) => {
      const studio = studioBackoff(states.studio);
      const account = key === null ? null : accountBackoff(states.account);
      const kept = (result: Attempt) => ({
        states: { studio: studio.state, account: account?.state ?? null },
        result,
      });
      const pausedS = studio.wait(now) ?? account?.wait(now) ?? null;
      if (pausedS !== null) return kept({ kind: 'paused', waitS: pausedS });
      const waitS = perAddress.attempt(address, now);
      if (waitS !== null) return kept({ kind: 'limited', waitS });
      const right =
        person?.passwordHash != null
          ? await verifyPassword(given, person.passwordHash)
          : await verifyNobody(given);
      if (right && person) return kept({ kind: 'ok', person });
      // Both count it, whichever starts a pause.
      const studioPauseS = studio.failed(now);
      const accountPauseS = account?.failed(now) ?? null;
      return kept({ kind: 'wrong', pauseS: studioPauseS ?? accountPauseS, person });
    });
  };
}

/** `GET /login`, `POST /login` and `POST /logout`. */
export function loginRoutes(deps: LoginDeps): Hono {
  const app = new Hono();
  const attempt = signInAttempts(deps);
  const clock = deps.now ?? Date.now;
  const provider = deps.provider ?? null;

  app.get('/login', async (c) => {
    const next = safeNext(c.req.query('next'));
    // A signed-in browser arriving from another site did not send its cookie then.
    if (await deps.sessions.who(deps.cookie.read(c))) return c.redirect(next, 303);
    return c.html(
      loginPage(next, c.req.query('ended') === '1' ? SESSIONS_ENDED_TEXT : null, '', provider),
    );
  });

  app.post('/login', async (c) => {
    const form = await formFields(c, 'password');
    const next = safeNext(form.next);
    const given = field(form.password);
    const email = field(form.email).slice(0, 1000);
    // Both limits answer before the password is looked at, so a refusal says nothing
    // about it; an attempt refused by the pause is not counted against its address.
    const ip = clientOf(c);
    const outcome = await attempt(clock(), ip, email, given);
    if (outcome.kind === 'paused' || outcome.kind === 'limited') {
      // The pause was logged once when it began; a line per refusal would let a flood in.
      if (outcome.kind === 'limited')
        deps.log.warn('sign-in rate limited', { waitS: outcome.waitS });
      c.header('retry-after', String(outcome.waitS));
      return c.html(
        loginPage(next, `Too many attempts. Try again in ${outcome.waitS} s.`, email, provider),
        429,
      );
    }
    if (outcome.kind === 'wrong') {
      if (outcome.pauseS === null) deps.log.warn('sign-in failed');
      else deps.log.warn('sign-in failed; sign-ins paused', { pauseS: outcome.pauseS });
      // Whom it was tried as: the person the email names, else the email typed.
      await deps.audit.append({
        actor: null,
        action: 'sign_in_failed',
        subject: outcome.person?.id ?? (email.trim().slice(0, 254) || null),
        detail: email.trim() === '' ? null : { email: email.trim().slice(0, 254) },
        ip,
      });
      return c.html(loginPage(next, 'Wrong email or password.', email), 401);
      return c.html(loginPage(next, 'Wrong email or password.', email, provider), 401);
    }
    const { person } = outcome;
    // A hash made with weaker parameters than today's is made again while the password is at hand.
    if (person.passwordHash && outdatedHash(person.passwordHash)) {
      await deps.people.setPassword(person.id, await hashPassword(given));
    }
    const session = await deps.sessions.create(person.id);
    deps.cookie.write(c, session.token, session.maxAgeS);
    deps.log.info('signed in', { person: person.id });
    await deps.audit.append({ actor: person.id, action: 'sign_in', subject: person.id, ip });
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
