import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionCookie } from '../auth/cookie';
import { createRedactor, type Logger } from '../log';
import type { SharedStore } from '../store/shared-store';
import { rawRequest, type RawResponse } from '../test/raw-http';
import { STORE_KINDS, storeKinds, type OpenedStore, type StoreKind } from '../test/store-kinds';
import { ownerWith, personWith } from '../test/people';
import { loginRoutes } from './login';
import { studioErrorHandler } from './on-error';

const PASSWORD = 'correct horse battery';
/** Linux routes all of 127/8 to loopback, so each is a distinct client address. */
const address = (n: number) => `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;

interface LoginServer {
  url: string;
  logs: string[];
  /** The store its sessions and sign-in backoff live in. */
  store: SharedStore;
  /** Moves the limits' clock forward. */
  advance(seconds: number): void;
  /** A sign-in from `from`: with the password alone, or naming `email`. */
  signIn(password: string, from: string, email?: string): Promise<RawResponse>;
}

const kinds = storeKinds(0);
const servers: Server[] = [];
const stores: OpenedStore[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  for (const opened of stores.splice(0)) await opened.close();
});

/**
 * The sign-in routes alone, over a real socket, on a clock the test moves, with sessions
 * and the backoff in a new store of `kind`, or in `store` (another replica of its studio).
 */
async function loginServer(kind: StoreKind, store?: SharedStore): Promise<LoginServer> {
  let now = Date.parse('2026-03-01T12:00:00Z');
  if (!store) {
    const opened = await kinds.open(kind);
    stores.push(opened);
    store = opened.store;
    await ownerWith(store, PASSWORD);
  }
  const logs: string[] = [];
  const line = (level: string) => (msg: string, fields?: object) =>
    void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`);
  const log: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
  const app = new Hono();
  const cookie = new SessionCookie(false);
  app.route(
    '/',
    loginRoutes({
      people: store.people,
      sessions: store.sessions,
      signIns: store.signIns,
      audit: store.audit,
      cookie,
      log,
      now: () => now,
    }),
  );
  app.onError(studioErrorHandler(createRedactor([PASSWORD]), log));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  servers.push(server);
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    logs,
    store,
    advance: (seconds) => void (now += seconds * 1000),
    signIn: (password, from, email = '') =>
      rawRequest(url, {
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password, next: '/library' }).toString(),
        localAddress: from,
      }),
  };
}

/**
 * Sends `perAddress` wrong guesses from each address, the addresses in parallel, each at
 * an email of no one (so that only the studio's backoff counts them).
 */
async function guess(s: LoginServer, addresses: string[], perAddress: number) {
  const answers = await Promise.all(
    addresses.map(async (from, a) => {
      const mine: RawResponse[] = [];
      for (let i = 0; i < perAddress; i++)
        mine.push(await s.signIn(`guess-${a}-${i}`, from, `nobody-${a}-${i}@example.com`));
      return mine;
    }),
  );
  const all = answers.flat();
  return { checked: all.filter((r) => r.status === 401).length, all };
}

/** The session cookie a sign-in set, as the browser sends it back. */
const cookieOf = (r: RawResponse) => String(r.headers['set-cookie']).split(';')[0] ?? '';

/** Whether `GET /login` takes the browser for signed in (it sends it on at once). */
async function signedIn(s: LoginServer, cookie: string): Promise<boolean> {
  const res = await rawRequest(s.url, { path: '/login?next=/library', headers: { cookie } });
  expect([200, 303]).toContain(res.status);
  return res.status === 303;
}

describe.each(STORE_KINDS)('sign-in limits (%s)', (kind) => {
  it('checks no more guesses from 60 addresses than from one, and lets the owner in after', async () => {
    const single = await loginServer(kind);
    const fromOne = await guess(single, [address(0)], 300);
    expect(fromOne.checked).toBe(5);

    const s = await loginServer(kind);
    const addresses = Array.from({ length: 60 }, (_, i) => address(i));
    const fromMany = await guess(s, addresses, 5);
    expect(fromMany.all).toHaveLength(300);
    expect(fromMany.checked).toBeLessThanOrEqual(fromOne.checked);
    expect(fromMany.all.every((r) => r.status === 401 || r.status === 429)).toBe(true);

    // While paused, the right password and a wrong one get the same answer, from anywhere.
    const right = await s.signIn(PASSWORD, address(100));
    const wrong = await s.signIn('not it either', address(101));
    for (const r of [right, wrong]) {
      expect(r.status).toBe(429);
      expect(r.headers['set-cookie']).toBeUndefined();
    }
    expect(right.body.toString()).toBe(wrong.body.toString());
    expect(right.headers['retry-after']).toBe(wrong.headers['retry-after']);
    const waitS = Number(right.headers['retry-after']);
    expect(waitS).toBeGreaterThan(0);

    s.advance(waitS);
    const owner = await s.signIn(PASSWORD, address(102));
    expect(owner.status).toBe(303);
    expect(owner.headers.location).toBe('/library');
    expect(String(owner.headers['set-cookie'])).toMatch(/^studio_session=[\w-]{43};/);
    expect(s.logs.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(s.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('pauses twice as long each time the failures go on, and forgives a quiet spell', async () => {
    const s = await loginServer(kind);
    let n = 0;
    const pauseAfterFiveFailures = async () => {
      const { checked } = await guess(s, [address(n++), address(n++), address(n++)], 2);
      expect(checked).toBe(5);
      return Number((await s.signIn('one more', address(n++))).headers['retry-after']);
    };
    expect(await pauseAfterFiveFailures()).toBe(60);
    s.advance(60);
    expect(await pauseAfterFiveFailures()).toBe(120);
    s.advance(120);
    expect(await pauseAfterFiveFailures()).toBe(240);
    // A quarter of an hour of quiet after a pause: the next pause is the first again.
    s.advance(240 + 15 * 60);
    expect(await pauseAfterFiveFailures()).toBe(60);
  });

  it('signs in by email in any case, and with the password alone while one person has one', async () => {
    const s = await loginServer(kind);
    const tokenOf = (r: RawResponse) => cookieOf(r).split('=')[1];
    // A studio upgraded from its one password: the password alone is the owner's.
    const alone = await s.signIn(PASSWORD, address(0));
    expect(alone.status).toBe(303);
    expect((await s.store.sessions.who(tokenOf(alone)))?.role).toBe('owner');
    expect((await s.signIn(PASSWORD, address(0), ' OWNER@Localhost ')).status).toBe(303);

    const member = await personWith(s.store, 'member', 'member password 1');
    const asMember = await s.signIn('member password 1', address(1), member.email.toUpperCase());
    expect(asMember.status).toBe(303);
    expect(await s.store.sessions.who(tokenOf(asMember))).toMatchObject({
      id: member.id,
      role: 'member',
    });
    // Two people with passwords: the password alone names no one, and one person's
    // password is not another's.
    expect((await s.signIn(PASSWORD, address(2))).status).toBe(401);
    expect((await s.signIn('member password 1', address(2), 'owner@localhost')).status).toBe(401);
    const wrong = await s.signIn('nope', address(3), 'nobody@example.com');
    expect(wrong.status).toBe(401);
    expect(wrong.body.toString()).toContain('Wrong email or password.');
  });

  it('pauses one account after five failures in ten minutes, however slowly, and no other', async () => {
    const s = await loginServer(kind);
    const member = await personWith(s.store, 'member', 'member password 1');
    // Under the studio's limit (five a minute): a failure every 100 s.
    for (let i = 0; i < 5; i++) {
      expect((await s.signIn(`guess-${i}`, address(i), member.email)).status).toBe(401);
      s.advance(100);
    }
    const paused = await s.signIn('member password 1', address(10), member.email);
    expect(paused.status).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBe(500);
    // An email of no one pauses alike after as many: a pause tells nothing of who exists.
    for (let i = 0; i < 5; i++) {
      expect((await s.signIn(`guess-${i}`, address(20 + i), 'nobody@example.com')).status).toBe(
        401,
      );
      s.advance(100);
    }
    expect((await s.signIn('x', address(30), 'nobody@example.com')).status).toBe(429);
    // Everyone else signs in meanwhile.
    expect((await s.signIn(PASSWORD, address(11), 'owner@localhost')).status).toBe(303);
    s.advance(100);
    expect((await s.signIn('member password 1', address(12), member.email)).status).toBe(303);
  });

  it('answers a form it cannot read with 400, without counting it or logging an error', async () => {
    const s = await loginServer(kind);
    for (const [type, body] of [
      ['multipart/form-data; boundary=x', '--x\r\n\r\n'],
      ['multipart/form-data', 'password=x'],
      ['multipart/form-data; boundary=zz', 'garbage\u0000\u00ff'],
    ]) {
      const res = await rawRequest(s.url, {
        method: 'POST',
        path: '/login',
        headers: { 'content-type': type ?? '' },
        body,
        localAddress: address(1),
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body.toString())).toMatchObject({
        error: {
          code: 'invalid_request',
          message: expect.stringMatching(/^password: the body is not a valid multipart form/),
        },
      });
    }
    expect((await s.signIn(PASSWORD, address(1))).status).toBe(303);
    expect(s.logs.filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('pauses every replica of the store, whose sessions each of them honours', async () => {
    const a = await loginServer(kind);
    // Another replica over the same database, or this one restarted.
    const b = await loginServer(kind, a.store);
    const { checked } = await guess(a, [address(0)], 5);
    expect(checked).toBe(5);
    const paused = await b.signIn(PASSWORD, address(1));
    expect(paused.status).toBe(429);
    expect(paused.headers['retry-after']).toBe('60');

    b.advance(60);
    const owner = await b.signIn(PASSWORD, address(1));
    expect(owner.status).toBe(303);
    const cookie = cookieOf(owner);
    expect(await signedIn(a, cookie)).toBe(true);
    expect(await signedIn(a, 'studio_session=forged-token')).toBe(false);

    // Signing out on one ends the session on both.
    const out = await rawRequest(a.url, { method: 'POST', path: '/logout', headers: { cookie } });
    expect(out.status).toBe(303);
    expect(await signedIn(b, cookie)).toBe(false);
    expect(await signedIn(a, cookie)).toBe(false);
  });
});
