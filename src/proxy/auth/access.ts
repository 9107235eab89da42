import type { Context, MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { atLeast, type Role } from '@/contract/people';
import type { Caller } from '../model/people';
import { StudioHttpError, studioError, studioErrorResponse } from '../studio-error';

/**
 * Who may call a route: anyone who reaches the host (`public`), anyone signed in whatever
 * their role (`signed-in`: viewers read and download), or a role and every stronger one
 * (`member`: members, admins and owners create and change; `admin`; `owner`).
 */
type Access = 'public' | 'signed-in' | Exclude<Role, 'viewer'>;

export interface RouteRule {
  /** As the app mounts it; `ALL` for a route of every method. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL';
  /** The route's path as the app mounts it (Hono's pattern). */
  path: string;
  access: Access;
  /**
   * Set on a rule for some of the paths of another route (here the SPA's `/*`, which also
   * serves the files the sign-in page shows): it is not a route of its own.
   */
  within?: string;
}

/**
 * Every route the studio mounts, in the order it mounts them, and who may call it: the one
 * place that says so. `authorize` enforces it; `access.test.ts` checks that it names every
 * mounted route and no other, and asks every route as each role over real sockets. A
 * request is judged by the first rule whose method and path match, as the app answers
 * with its first matching route.
 */
export const ROUTE_TABLE: readonly RouteRule[] = [
  // Prometheus: answered before this check, by its own rule (METRICS_TOKEN, or loopback).
  { method: 'GET', path: '/metrics', access: 'public' },
  { method: 'GET', path: '/login', access: 'public' },
  { method: 'POST', path: '/login', access: 'public' },
  { method: 'POST', path: '/logout', access: 'public' },
  // Someone invited, proving it by the link's token (256 random bits), one use only.
  { method: 'GET', path: '/invite/:token', access: 'public' },
  { method: 'POST', path: '/invite/:token', access: 'public' },
  // OpenID Connect: the start sends the browser to the provider, the callback checks what
  // it brings back (routes/oidc.ts); a sign-in of its own, like POST /login.
  { method: 'GET', path: '/login/oidc', access: 'public' },
  { method: 'GET', path: '/login/oidc/callback', access: 'public' },
  // Load balancers: whether the studio and its dependencies answer, nothing else.
  { method: 'GET', path: '/healthz', access: 'public' },
  { method: 'GET', path: '/readyz', access: 'public' },
  // The upstream, proving itself by the callback's 128-bit token (and signature).
  { method: 'GET', path: '/hooks/probe', access: 'public' },
  { method: 'POST', path: '/hooks/:token', access: 'public' },
  { method: 'ALL', path: '/hooks/*', access: 'public' },
  { method: 'GET', path: '/studio-api/events', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/status', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/jobs', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/jobs/:id', access: 'signed-in' },
  { method: 'POST', path: '/studio-api/jobs', access: 'member' },
  { method: 'POST', path: '/studio-api/jobs/batch', access: 'member' },
  // A member's own jobs only (routes/history.ts, routes/bulk.ts): admins and owners any.
  { method: 'PUT', path: '/studio-api/jobs/:id/favourite', access: 'member' },
  { method: 'DELETE', path: '/studio-api/jobs/:id/favourite', access: 'member' },
  { method: 'DELETE', path: '/studio-api/jobs/:id', access: 'member' },
  { method: 'GET', path: '/studio-api/jobs/:id/lineage', access: 'signed-in' },
  { method: 'POST', path: '/studio-api/jobs/bulk', access: 'member' },
  { method: 'GET', path: '/studio-api/jobs/:id/tree', access: 'signed-in' },
  // A member's own queued jobs only (routes/queue.ts): admins and owners any.
  { method: 'PUT', path: '/studio-api/jobs/:id/place', access: 'member' },
  { method: 'POST', path: '/studio-api/uploads', access: 'member' },
  // The upstream fetching an upload by its unguessable 128-bit name.
  { method: 'GET', path: '/u/:file', access: 'public' },
  // Anyone with a share link (128 random bits, signed), while it is neither revoked nor
  // lapsed: its page and its files, never a session (routes/shares.ts).
  { method: 'GET', path: '/s/:token', access: 'public' },
  { method: 'GET', path: '/s/:token/:key', access: 'public' },
  { method: 'GET', path: '/s/:token/:key/thumb/:size?', access: 'public' },
  { method: 'GET', path: '/studio-api/account', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/account/spending', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/account/ledger.csv', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/exports/results.zip', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/me', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/people', access: 'admin' },
  // Ids and names only, for the library's filter by person.
  { method: 'GET', path: '/studio-api/people/names', access: 'signed-in' },
  { method: 'POST', path: '/studio-api/people', access: 'admin' },
  // An admin changes and removes admins, members and viewers; an owner anyone.
  { method: 'PATCH', path: '/studio-api/people/:id', access: 'admin' },
  { method: 'DELETE', path: '/studio-api/people/:id', access: 'admin' },
  // As for a role change: an admin invites admins, members and viewers; an owner anyone.
  { method: 'GET', path: '/studio-api/invites', access: 'admin' },
  { method: 'POST', path: '/studio-api/invites', access: 'admin' },
  { method: 'DELETE', path: '/studio-api/invites/:id', access: 'admin' },
  // A member's own budget and use come with `/studio-api/me`.
  { method: 'GET', path: '/studio-api/budgets', access: 'admin' },
  { method: 'PUT', path: '/studio-api/budgets/default', access: 'admin' },
  { method: 'PUT', path: '/studio-api/budgets/:id', access: 'admin' },
  { method: 'DELETE', path: '/studio-api/budgets/:id', access: 'admin' },
  { method: 'GET', path: '/studio-api/audit', access: 'admin' },
  { method: 'GET', path: '/studio-api/audit.csv', access: 'admin' },
  // A member's own links (their own jobs'); admins and owners everyone's.
  { method: 'GET', path: '/studio-api/shares', access: 'member' },
  { method: 'POST', path: '/studio-api/shares', access: 'member' },
  { method: 'DELETE', path: '/studio-api/shares/:id', access: 'member' },
  // A person's own presets only (routes/presets.ts): another's is not found.
  { method: 'GET', path: '/studio-api/presets', access: 'member' },
  { method: 'POST', path: '/studio-api/presets', access: 'member' },
  { method: 'PATCH', path: '/studio-api/presets/:id', access: 'member' },
  { method: 'DELETE', path: '/studio-api/presets/:id', access: 'member' },
  // Everyone sees every collection; a member changes only their own (routes/collections.ts),
  // admins and owners any.
  { method: 'GET', path: '/studio-api/collections', access: 'signed-in' },
  { method: 'POST', path: '/studio-api/collections', access: 'member' },
  { method: 'GET', path: '/studio-api/collections/:id', access: 'signed-in' },
  { method: 'GET', path: '/studio-api/collections/:id/jobs', access: 'signed-in' },
  { method: 'PATCH', path: '/studio-api/collections/:id', access: 'member' },
  { method: 'DELETE', path: '/studio-api/collections/:id', access: 'member' },
  { method: 'POST', path: '/studio-api/collections/:id/items', access: 'member' },
  { method: 'POST', path: '/studio-api/collections/:id/items/remove', access: 'member' },
  // As reading the job: the mask it was sent with (routes/masks.ts).
  { method: 'GET', path: '/studio-api/jobs/:id/mask', access: 'signed-in' },
  // A person's own saved masks only (routes/masks.ts): another's are never seen nor found.
  { method: 'GET', path: '/studio-api/masks', access: 'member' },
  { method: 'POST', path: '/studio-api/masks', access: 'member' },
  { method: 'DELETE', path: '/studio-api/masks', access: 'member' },
  { method: 'ALL', path: '/studio-api/*', access: 'signed-in' },
  { method: 'GET', path: '/media/:id/:key', access: 'signed-in' },
  { method: 'GET', path: '/media/:id/:key/thumb/:size?', access: 'signed-in' },
  { method: 'ALL', path: '/media/*', access: 'signed-in' },
  // What the sign-in page shows, so that the app can be installed from there. The service
  // worker is not open: without a session no new build installs a sign-in page as its shell.
  { method: 'GET', path: '/manifest.webmanifest', access: 'public', within: '/*' },
  { method: 'GET', path: '/favicon.svg', access: 'public', within: '/*' },
  { method: 'GET', path: '/icons/:icon{[\\w-]+\\.png}', access: 'public', within: '/*' },
  { method: 'GET', path: '/*', access: 'signed-in' },
];

/** A request no rule names (no route answers it but with 404): signed in, as the SPA. */
const FALLBACK: RouteRule = { method: 'ALL', path: '/*', access: 'signed-in' };

declare module 'hono' {
  interface ContextVariableMap {
    /** Who is making the request, set by `authorize` on every route but public ones. */
    caller: Caller;
  }
}

/** The caller `authorize` found; a route that is not public always has one. */
export function callerOf(c: Context): Caller {
  const caller = c.get('caller') as Caller | undefined;
  if (!caller) throw new StudioHttpError(signedOut());
  return caller;
}

const signedOut = () =>
  studioError(
    401,
    'unauthenticated',
    'Sign in to use the studio.',
    'Open /login and sign in with your email and password.',
  );

const ROLE_WORDS: Record<Exclude<Access, 'public' | 'signed-in'>, string> = {
  member: 'a member, an admin or an owner',
  admin: 'an admin or an owner',
  owner: 'an owner',
};

/** A signed-in person whose role is not enough: the refusal names the role needed. */
const forbidden = (needed: Exclude<Access, 'public' | 'signed-in'>, role: Role) =>
  studioError(
    403,
    'forbidden',
    `Only ${ROLE_WORDS[needed]} may do this; you are signed in as a ${role}.`,
    'Ask an admin of the studio for another role.',
  );

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

/** The rule that judges a request: the first in the table that matches it, as Hono routes. */
function ruleFinder(rules: readonly RouteRule[]): (method: string, path: string) => RouteRule {
  const router = new TrieRouter<number>();
  rules.forEach((rule, i) => router.add(rule.method, rule.path, i));
  return (method, path) => {
    // Hono answers HEAD with the GET route.
    const [matches] = router.match(method === 'HEAD' ? 'GET' : method, path);
    const first = Math.min(...matches.map(([i]) => i));
    return rules[first] ?? FALLBACK;
  };
}

/**
 * The one authorization check, in front of every route: the request's rule in
 * `ROUTE_TABLE`, then who is asking (`who`: the session's person, or the local owner on
 * loopback without a password). Signed out: 401 JSON for the API, media and files a page
 * fetches, a redirect to /login for pages. Signed in without the role: 403 naming it.
 */
export function authorize(who: (c: Context) => Promise<Caller | null>): MiddlewareHandler {
  const ruleOf = ruleFinder(ROUTE_TABLE);
  return async (c, next) => {
    const rule = ruleOf(c.req.method, c.req.path);
    if (rule.access === 'public') return next();
    const caller = await who(c);
    if (caller === null) {
      const page =
        (c.req.method === 'GET' || c.req.method === 'HEAD') &&
        !API.test(c.req.path) &&
        !isSubresource(c.req.header('sec-fetch-mode'));
      if (!page) return studioErrorResponse(signedOut());
      const url = new URL(c.req.url);
      return c.redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
    }
    if (rule.access !== 'signed-in' && !atLeast(caller.role, rule.access)) {
      return studioErrorResponse(forbidden(rule.access, caller.role));
    }
    c.set('caller', caller);
    return next();
  };
}
