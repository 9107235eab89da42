import { afterEach, describe, expect, it } from 'vitest';
import { meSchema } from '@/contract/people';
import { OIDC_CALLBACK_PATH } from '../oidc-settings';
import { Stack } from '../test/harness';
import { SseClient } from '../test/sse-client';
import { TEST_CLIENT, TestProvider, type TestAccount } from '../test/oidc-provider';

/**
 * Sign-in at a real OpenID Connect provider (oidc-provider on a loopback port), over
 * real sockets: a browser made of fetch and a cookie jar, following every redirect by
 * hand, through the provider's own sign-in and consent forms.
 */
const PASSWORD = 'correct horse battery';

const ACCOUNTS: Record<string, TestAccount> = {
  ana: { email: 'ana@example.com', email_verified: true, name: 'Ana', groups: ['studio-admins'] },
  ben: { email: 'ben@example.com', email_verified: true, name: 'Ben', groups: ['studio-members'] },
  cy: { email: 'cy@elsewhere.org', email_verified: true, name: 'Cy', groups: ['sales'] },
  dee: { email: 'dee@example.com', email_verified: false, name: 'Dee', groups: [] },
  eve: { email: 'eve@example.com', email_verified: true, name: 'Eve', groups: [] },
  own: { email: 'owner@localhost', email_verified: true, groups: ['studio-members'] },
};
const ROLES = 'admin=studio-admins,member=studio-members,viewer=@example.com';

/** A browser: cookies by host name (not port), as browsers keep them; redirects by hand. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const at = new URL(url);
    const jar = this.jars.get(at.hostname) ?? new Map<string, string>();
    this.jars.set(at.hostname, jar);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /**
   * Follows `url` through the provider's pages, signing in as `login` and consenting,
   * until it leads back to the studio's callback, whose URL it answers without opening.
   */
  async atProvider(url: string, login: string): Promise<URL> {
    let at = new URL(url);
    for (let hops = 0; hops < 20; hops++) {
      if (at.pathname === OIDC_CALLBACK_PATH) return at;
      const res = await this.get(at.href);
      if (res.status >= 300 && res.status < 400) {
        at = new URL(res.headers.get('location') ?? '', at);
        continue;
      }
      const html = await res.text();
      expect(res.status, html.slice(0, 500)).toBe(200);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
      const fields = new URLSearchParams();
      for (const m of html.matchAll(/<input type="hidden" name="(\w+)" value="(\w+)"/g)) {
        fields.set(m[1] ?? '', m[2] ?? '');
      }
      if (html.includes('name="login"')) {
        fields.set('login', login);
        fields.set('password', 'anything');
      }
      const posted = await this.get(new URL(action, at).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields.toString(),
      });
      at = new URL(posted.headers.get('location') ?? '', at);
    }
    throw new Error('the provider never sent the browser back');
  }

  cookieOf(host: string, name: string): string | undefined {
    return this.jars.get(host)?.get(name);
  }
}

let stack: Stack | null = null;
const providers: TestProvider[] = [];
afterEach(async () => {
  await stack?.stop();
  stack = null;
  for (const p of providers.splice(0)) await p.stop();
});

/** A studio with sign-in at a provider that knows it, and a browser. */
async function studioWithProvider(roles = ROLES) {
  const provider = await TestProvider.listen();
  providers.push(provider);
  stack = await Stack.start({
    studioPassword: PASSWORD,
    oidcIssuer: provider.issuer,
    oidcClientId: TEST_CLIENT.id,
    oidcClientSecret: TEST_CLIENT.secret,
    oidcRoles: roles,
    oidcName: 'Test ID',
    publicUrl: undefined,
    // The port is known once the studio listens; the provider is made after that.
    oidcRedirectUrl: 'http://127.0.0.1:1/login/oidc/callback',
  });
  // Started on port 0: restarted with the redirect URL of the port it got.
  const redirect = `${stack.proxy.url}${OIDC_CALLBACK_PATH}`;
  await stack.restart({ port: Number(new URL(stack.proxy.url).port), oidcRedirectUrl: redirect });
  provider.configure(redirect, ACCOUNTS);
  return { s: stack, provider, browser: new Browser() };
}

type Studio = Awaited<ReturnType<typeof studioWithProvider>>;

/** The start of a sign-in: the provider's authorization URL the studio redirects to. */
async function start({ s, browser }: Studio, next = '/library'): Promise<URL> {
  const res = await browser.get(`${s.proxy.url}/login/oidc?next=${encodeURIComponent(next)}`);
  expect(res.status).toBe(302);
  const txCookie = res.headers.getSetCookie().find((l) => l.startsWith('studio_oidc='));
  expect(txCookie).toMatch(/HttpOnly/i);
  expect(txCookie).toMatch(/SameSite=Lax/i);
  return new URL(res.headers.get('location') ?? '');
}

/** The callback opened: the studio's answer. */
async function callback({ browser }: Studio, url: URL) {
  const res = await browser.get(url.href);
  return { status: res.status, html: await res.text(), res };
}

/** `GET /studio-api/me` with the browser's cookies: who the studio says it is, or null. */
async function me({ s, browser }: Studio) {
  const res = await browser.get(`${s.proxy.url}/studio-api/me`);
  if (res.status !== 200) return null;
  return meSchema.parse(await res.json()).me;
}

const sessionCookie = ({ browser }: Studio) => browser.cookieOf('127.0.0.1', 'studio_session');

const refusedWith = (html: string) =>
  /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1]?.replaceAll('&#39;', "'");

async function signIn(studio: Studio, login: string, next = '/library') {
  const authorize = await start(studio, next);
  return callback(studio, await studio.browser.atProvider(authorize.href, login));
}

describe('sign-in with OpenID Connect', () => {
  it('shows the provider on the sign-in page, beside the password form', async () => {
    const studio = await studioWithProvider();
    const page = await (
      await studio.browser.get(`${studio.s.proxy.url}/login?next=/library`)
    ).text();
    expect(page).toContain('href="/login/oidc?next=%2Flibrary">Sign in with Test ID</a>');
    expect(page).toContain('name="password"');
  });

  it('makes a person with the mapped role and a working session, and knows them next time', async () => {
    const studio = await studioWithProvider();
    const authorize = await start(studio);
    // PKCE (S256), state and nonce, for this client, at the provider's endpoint.
    expect(authorize.origin).toBe(studio.provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('client_id')).toBe(TEST_CLIENT.id);

    const back = await callback(studio, await studio.browser.atProvider(authorize.href, 'ben'));
    expect(back.status).toBe(200);
    // On to `next` from a page of the studio's own (its session cookie is SameSite=Strict).
    expect(back.html).toContain('<meta http-equiv="refresh" content="0;url=/library">');
    expect(sessionCookie(studio)).toBeTruthy();
    const ben = await me(studio);
    expect(ben).toMatchObject({ name: 'Ben', email: 'ben@example.com', role: 'member' });
    expect(ben?.hasPassword).toBe(false);

    // Signed in again (a new browser): the same person, found by issuer and subject.
    const again = { ...studio, browser: new Browser() };
    expect((await signIn(again, 'ben')).status).toBe(200);
    expect((await me(again))?.id).toBe(ben?.id);
    const rows = studio.s.rows('SELECT issuer, subject, person_id FROM person_identities');
    expect(rows).toEqual([{ issuer: studio.provider.issuer, subject: 'ben', person_id: ben?.id }]);
  });

  it('gives admin by group, viewer by a verified email domain, and the strongest match', async () => {
    const studio = await studioWithProvider();
    expect((await signIn(studio, 'ana')).status).toBe(200);
    expect(await me(studio)).toMatchObject({ name: 'Ana', role: 'admin' });
    const eve = { ...studio, browser: new Browser() };
    expect((await signIn(eve, 'eve')).status).toBe(200);
    expect(await me(eve)).toMatchObject({ role: 'viewer' });
  });

  it('refuses an account no rule is for, and an email domain the provider did not verify', async () => {
    const studio = await studioWithProvider();
    const cy = await signIn(studio, 'cy');
    expect(cy.status).toBe(403);
    expect(refusedWith(cy.html)).toBe(
      `Your account at ${studio.provider.issuer} has no role in this studio. Ask an admin of the studio for one.`,
    );
    const dee = { ...studio, browser: new Browser() };
    expect((await signIn(dee, 'dee')).status).toBe(403);
    expect(sessionCookie(studio)).toBeUndefined();
    expect(sessionCookie(dee)).toBeUndefined();
    expect(studio.s.rows('SELECT email FROM people ORDER BY email')).toEqual([
      { email: 'owner@localhost' },
    ]);
  });

  it('refuses a tampered state, a tampered nonce, a replayed callback and a reused code', async () => {
    const studio = await studioWithProvider();
    const refused = async (url: URL, words: RegExp) => {
      const res = await callback(studio, url);
      expect(res.status).toBe(400);
      expect(refusedWith(res.html)).toMatch(words);
      expect(sessionCookie(studio)).toBeUndefined();
    };
    // State: the provider's answer changed on the way back.
    const first = await studio.browser.atProvider((await start(studio)).href, 'ben');
    const tampered = new URL(first);
    tampered.searchParams.set('state', 'not-the-state');
    await refused(tampered, /is not for the sign-in this browser started/);
    // The transaction is gone with that attempt: the real answer now finds none.
    await refused(first, /was not started in this browser, or was finished already/);

    // Nonce: changed on the way to the provider, so the ID token carries another.
    const authorize = await start(studio);
    authorize.searchParams.set('nonce', 'a-nonce-of-the-attacker');
    await refused(
      await studio.browser.atProvider(authorize.href, 'ben'),
      /failed the studio's checks/,
    );

    // A code used once: a new sign-in's state with the old code is refused by the provider.
    const good = await studio.browser.atProvider((await start(studio)).href, 'ben');
    const ok = await callback(studio, good);
    expect(ok.status).toBe(200);
    const replay = await start(studio);
    const reused = new URL(good);
    reused.searchParams.set('state', replay.searchParams.get('state') ?? '');
    const res = await callback(studio, reused);
    expect(res.status).toBe(400);
    expect(refusedWith(res.html)).toMatch(/refused this sign-in's code/);
  });

  it('refuses the answer of another provider, and a `next` that leaves the site', async () => {
    const studio = await studioWithProvider();
    // A second provider with the same client: the browser is sent there instead.
    const other = await TestProvider.listen();
    providers.push(other);
    other.configure(`${studio.s.proxy.url}${OIDC_CALLBACK_PATH}`, ACCOUNTS);
    const authorize = await start(studio, 'https://evil.example/steal');
    const elsewhere = new URL(authorize.pathname + authorize.search, other.issuer);
    const back = await callback(studio, await studio.browser.atProvider(elsewhere.href, 'ana'));
    expect(back.status).toBe(400);
    expect(refusedWith(back.html)).toMatch(
      /failed the studio's checks|refused this sign-in's code/,
    );
    expect(sessionCookie(studio)).toBeUndefined();

    // An off-site `next` becomes the studio's own start page.
    for (const next of ['https://evil.example/steal', '//evil.example', '/\\evil.example']) {
      const fresh = { ...studio, browser: new Browser() };
      const res = await signIn(fresh, 'ana', next);
      expect(res.status).toBe(200);
      expect(res.html).toContain('content="0;url=/"');
    }
  });

  it('limits the sign-ins one address begins, saying when to try again', async () => {
    const studio = await studioWithProvider();
    for (let i = 0; i < 20; i++) await start(studio);
    const res = await studio.browser.get(`${studio.s.proxy.url}/login/oidc?next=/`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refusedWith(await res.text())).toMatch(/^Too many sign-ins begun. Try again in \d+ s.$/);
  });

  it('links a local person by verified email, keeps the last owner, refuses someone removed', async () => {
    const studio = await studioWithProvider('owner=studio-admins,member=studio-members');
    const owner = await studio.s.call('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'owner@localhost', password: PASSWORD }).toString(),
      redirect: 'manual',
    });
    const ownerCookie = (owner.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const added = await studio.s.json<{ person: { id: string } }>('/studio-api/people', {
      method: 'POST',
      headers: { cookie: ownerCookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ben Local',
        email: 'BEN@example.com',
        role: 'viewer',
        password: 'a long enough password',
      }),
    });
    expect(added.status).toBe(201);
    // Ben is signed in with his password elsewhere, a page open there.
    const local = await studio.s.call('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'ben@example.com',
        password: 'a long enough password',
      }).toString(),
      redirect: 'manual',
    });
    const localCookie = (local.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await SseClient.open(`${studio.s.proxy.url}/studio-api/events`, {
      cookie: localCookie,
    });
    try {
      expect(page.status).toBe(200);
      await page.next((m) => m.event === 'status');
      expect((await signIn(studio, 'ben')).status).toBe(200);
      // The same person, with the role of their claims.
      expect(await me(studio)).toMatchObject({ id: added.body.person.id, role: 'member' });
      // The page signed in as a viewer is sent to sign in again at once, as after any
      // role change, and its session is over.
      await page.next((m) => m.event === 'signed-out');
      const old = await studio.s.call('/studio-api/me', { headers: { cookie: localCookie } });
      expect(old.status).toBe(401);
    } finally {
      await page.close();
    }

    const removed = await studio.s.call(`/studio-api/people/${added.body.person.id}`, {
      method: 'DELETE',
      headers: { cookie: ownerCookie },
    });
    expect(removed.status).toBe(200);
    const back = { ...studio, browser: new Browser() };
    const res = await signIn(back, 'ben');
    expect(res.status).toBe(403);
    expect(refusedWith(res.html)).toBe('You were removed from this studio; ask an admin.');
    expect(await me(back)).toBeNull();

    // The owner's account at the provider gives member: the studio's last owner stays one.
    const own = { ...studio, browser: new Browser() };
    expect((await signIn(own, 'own')).status).toBe(200);
    expect(await me(own)).toMatchObject({ email: 'owner@localhost', role: 'owner' });
  });
});
