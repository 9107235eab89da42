import type { Context } from 'hono';
import { Hono } from 'hono';
import type { SessionCookie } from '../auth/cookie';
import { continuePage, loginPage, safeNext } from '../auth/login-page';
import { RateLimit } from '../auth/rate-limit';
import type { OidcFinish, OidcSignIn } from '../auth/oidc';
import type { Sessions } from '../auth/sessions';
import type { Logger } from '../log';
import type { IdentityOutcome, StoredIdentities } from '../store/identities';
import type { StoredOidcTransactions } from '../store/oidc-transactions';
import { clientOf } from '../auth/client';
import type { AuditLog } from './audited';

interface OidcDeps {
  oidc: OidcSignIn;
  identities: Pick<StoredIdentities, 'signIn'>;
  oidcTransactions: Pick<StoredOidcTransactions, 'begin' | 'take'>;
  sessions: Sessions;
  /** The session cookie, as password sign-in writes it. */
  cookie: SessionCookie;
  /** The cookie of the sign-in under way at the provider (SameSite=Lax). */
  transactionCookie: SessionCookie;
  log: Logger;
  /** Where sign-ins at the provider and refused ones are recorded. */
  audit: AuditLog;
  /** Tells the person's open pages that their sessions ended (a role the claims changed). */
  sessionsEnded: (personId: string) => void;
}

/** How long a sign-in at the provider may take, from the click to the callback. */
const TRANSACTION_MS = 10 * 60_000;
/**
 * Sign-ins begun a minute from one address: far more than a person clicks, few enough
 * that no address fills the store with transactions (each kept 10 minutes).
 */
const STARTS = 20;

/** What became of a callback: refused before anyone was found, or the store's decision. */
type Ending =
  | { kind: 'expired' }
  | { kind: 'unknown' }
  | Exclude<OidcFinish, { kind: 'account' }>
  | Exclude<IdentityOutcome, { kind: 'ok' }>
  | (Extract<IdentityOutcome, { kind: 'ok' }> & { next: string });

/** The words a refusal shows on the sign-in page, and its status. */
function refusal(ending: Exclude<Ending, { kind: 'ok' }>, name: string, issuer: string) {
  const again = 'Start again from the sign-in page.';
  switch (ending.kind) {
    case 'expired':
      return { status: 400, text: `This sign-in took more than 10 minutes. ${again}` };
    case 'unknown':
      return {
        status: 400,
        text: `This sign-in was not started in this browser, or was finished already. ${again}`,
      };
    case 'provider_error':
      return { status: 400, text: `${name} did not sign you in (${ending.error}).` };
    case 'state_mismatch':
      return {
        status: 400,
        text: `The answer from ${name} is not for the sign-in this browser started. ${again}`,
      };
    case 'code_refused':
      return {
        status: 400,
        text: `${name} refused this sign-in's code (used already, or expired). ${again}`,
      };
    case 'token_invalid':
      return {
        status: 400,
        text: `The answer from ${name} failed the studio's checks (issuer, audience, nonce, signature). ${again}`,
      };
    case 'unreachable':
      return {
        status: 502,
        text: `${name} could not be reached. Try again later, or sign in with a password.`,
      };
    case 'no_role':
      return {
        status: 403,
        text: `Your account at ${issuer} has no role in this studio. Ask an admin of the studio for one.`,
      };
    case 'removed':
      return { status: 403, text: 'You were removed from this studio; ask an admin.' };
    case 'no_email':
      return {
        status: 403,
        text: `Your account at ${name} has no email address, which the studio needs to add you. Ask an admin of the studio.`,
      };
    case 'email_taken':
      return {
        status: 403,
        text: `Someone in this studio already has your account's email, and ${name} did not confirm it is yours. Ask an admin of the studio.`,
      };
  }
}

/** `GET /login/oidc` and `GET /login/oidc/callback`: sign-in at the team's provider. */
export function oidcRoutes(deps: OidcDeps): Hono {
  const app = new Hono();
  const { oidc } = deps;

  /**
   * The one end of every callback: a session and the way on, or the sign-in page saying
   * why not (and no session). Each is logged here, without the provider's tokens.
   */
  const conclude = async (c: Context, ending: Ending): Promise<Response> => {
    if (ending.kind === 'ok') {
      const { person } = ending;
      // Their pages signed in with the old role go to sign-in at once, as after any role change.
      if (ending.roleChanged) deps.sessionsEnded(person.id);
      const session = await deps.sessions.create(person.id);
      deps.cookie.write(c, session.token, session.maxAgeS);
      deps.log.info('signed in', {
        person: person.id,
        by: 'oidc',
        ...(ending.made ? { made: true } : {}),
      });
      await deps.audit.append({
        actor: person.id,
        action: 'sign_in',
        subject: person.id,
        detail: { by: 'oidc', ...(ending.made ? { made: true } : {}) },
        ip: clientOf(c),
      });
      if (ending.ownerKept) {
        deps.log.warn("the last owner's role at the provider is not owner; kept an owner", {
          person: person.id,
        });
      }
      return c.html(continuePage(ending.next));
    }
    const { status, text } = refusal(ending, oidc.name, oidc.settings.issuer);
    const detail = 'detail' in ending ? { detail: ending.detail } : {};
    deps.log.warn('sign-in at the provider refused', { reason: ending.kind, ...detail });
    await deps.audit.append({
      actor: null,
      action: 'sign_in_failed',
      subject: null,
      detail: { by: 'oidc', reason: ending.kind },
      ip: clientOf(c),
    });
    return c.html(loginPage('/', text, '', oidc.name), status as 400 | 403 | 502);
  };

  const starts = new RateLimit(STARTS, 60_000);
  app.get('/login/oidc', async (c) => {
    // Only a path on this site: anything else becomes `/`.
    const next = safeNext(c.req.query('next'));
    const waitS = starts.attempt(clientOf(c));
    if (waitS !== null) {
      c.header('retry-after', String(waitS));
      const text = `Too many sign-ins begun. Try again in ${waitS} s.`;
      return c.html(loginPage(next, text, '', oidc.name), 429);
    }
    let started: Awaited<ReturnType<OidcSignIn['start']>>;
    try {
      started = await oidc.start(next);
    } catch (e) {
      return conclude(c, { kind: 'unreachable', detail: String(e) });
    }
    const token = await deps.oidcTransactions.begin(started.transaction, TRANSACTION_MS);
    deps.transactionCookie.write(c, token, TRANSACTION_MS / 1000);
    return c.redirect(started.url.href, 302);
  });

  app.get('/login/oidc/callback', async (c) => {
    const token = deps.transactionCookie.read(c);
    deps.transactionCookie.clear(c);
    // Taken once: a callback replayed, or from a sign-in another browser began, finds none.
    const tx = await deps.oidcTransactions.take(token);
    if (tx === null) return conclude(c, { kind: 'unknown' });
    if (tx === 'expired') return conclude(c, { kind: 'expired' });
    const finished = await oidc.finish(new URL(c.req.url).searchParams, tx);
    if (finished.kind !== 'account') return conclude(c, finished);
    const outcome = await deps.identities.signIn(finished.account);
    return conclude(c, outcome.kind === 'ok' ? { ...outcome, next: tx.next } : outcome);
  });
  return app;
}
