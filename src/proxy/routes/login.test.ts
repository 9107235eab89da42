import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionCookie } from '../auth/cookie';
import { createRedactor, type Logger } from '../log';
import { migrate } from '../store/migrations';
import { sqliteSessions } from '../store/sqlite-store';
import { rawRequest, type RawResponse } from '../test/raw-http';
import { loginRoutes } from './login';
import { studioErrorHandler } from './on-error';

const PASSWORD = 'correct horse battery';
/** Linux routes all of 127/8 to loopback, so each is a distinct client address. */
const address = (n: number) => `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;

interface LoginServer {
  url: string;
  logs: string[];
  /** Moves the limits' clock forward. */
  advance(seconds: number): void;
  signIn(password: string, from: string): Promise<RawResponse>;
}

const servers: Server[] = [];
const dbs: Database.Database[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  for (const db of dbs.splice(0)) db.close();
});

/** The sign-in routes alone, over a real socket, on a clock the test moves. */
async function loginServer(): Promise<LoginServer> {
  let now = Date.parse('2026-03-01T12:00:00Z');
  const db = new Database(':memory:');
  migrate(db);
  dbs.push(db);
  const logs: string[] = [];
  const line = (level: string) => (msg: string, fields?: object) =>
    void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`);
  const log: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
  const app = new Hono();
  const cookie = new SessionCookie(false);
  app.route(
    '/',
    loginRoutes({
      password: PASSWORD,
      sessions: sqliteSessions(db),
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
    advance: (seconds) => void (now += seconds * 1000),
    signIn: (password, from) =>
      rawRequest(url, {
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password, next: '/library' }).toString(),
        localAddress: from,
      }),
  };
}

/** Sends `perAddress` wrong guesses from each address, the addresses in parallel. */
async function guess(s: LoginServer, addresses: string[], perAddress: number) {
  const answers = await Promise.all(
    addresses.map(async (from, a) => {
      const mine: RawResponse[] = [];
      for (let i = 0; i < perAddress; i++) mine.push(await s.signIn(`guess-${a}-${i}`, from));
      return mine;
    }),
  );
  const all = answers.flat();
  return { checked: all.filter((r) => r.status === 401).length, all };
}

describe('sign-in limits', () => {
  it('checks no more guesses from 60 addresses than from one, and lets the owner in after', async () => {
    const single = await loginServer();
    const fromOne = await guess(single, [address(0)], 300);
    expect(fromOne.checked).toBe(5);

    const s = await loginServer();
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
    const s = await loginServer();
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

  it('answers a form it cannot read with 400, without counting it or logging an error', async () => {
    const s = await loginServer();
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
});
