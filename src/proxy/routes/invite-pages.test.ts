import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SessionCookie } from '../auth/cookie';
import { createRedactor, type Logger } from '../log';
import type { SharedStore } from '../store/shared-store';
import { ownerWith } from '../test/people';
import { rawRequest } from '../test/raw-http';
import { STORE_KINDS, replicaPairs, storeKinds } from '../test/store-kinds';
import { invitePageRoutes } from './invites';
import { studioErrorHandler } from './on-error';

const kinds = storeKinds(0);
const { twoReplicas } = replicaPairs(kinds);
const PASSWORD = 'a long enough password';
/** Linux routes all of 127/8 to loopback, so each is a distinct client address. */
const address = (n: number) => `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;

/** One replica's invite pages over a real socket, on its own store; closed after the test. */
async function invitePages(store: SharedStore, onExit: (close: () => Promise<void>) => void) {
  const logs: string[] = [];
  const line = (level: string) => (msg: string, fields?: object) =>
    void logs.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`);
  const log: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
  const app = new Hono();
  app.route('/', invitePageRoutes({ ...store, cookie: new SessionCookie(false), log }));
  app.onError(studioErrorHandler(createRedactor([PASSWORD]), log));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await once(server, 'listening');
  onExit(() => new Promise((r) => server.close(() => r())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    logs,
    open: (path: string, from = address(0)) => rawRequest(url, { path, localAddress: from }),
    take: (path: string, email: string, from = address(0)) =>
      rawRequest(url, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          name: email,
          email,
          password: PASSWORD,
          confirm: PASSWORD,
        }).toString(),
        localAddress: from,
      }),
  };
}

describe.each(STORE_KINDS)('invite pages on two replicas (%s)', (kind) => {
  it('make one person from one link sent to both at once, signed in on either', async () => {
    const [a, b] = await twoReplicas(kind);
    const closers: (() => Promise<void>)[] = [];
    try {
      const owner = await ownerWith(a, 'the owner password');
      const [pa, pb] = [
        await invitePages(a, (c) => closers.push(c)),
        await invitePages(b, (c) => closers.push(c)),
      ];
      for (let round = 0; round < 3; round++) {
        const { token } = await a.invites.create({
          role: 'member',
          email: null,
          createdBy: owner.id,
          lifetimeMs: 60 * 60 * 1000,
        });
        const path = `/invite/${token}`;
        const answers = await Promise.all([
          pa.take(path, `a${round}@example.com`, address(round * 2 + 1)),
          pb.take(path, `b${round}@example.com`, address(round * 2 + 2)),
        ]);
        expect(answers.map((r) => r.status).sort()).toEqual([303, 410]);
        const won = answers.find((r) => r.status === 303);
        const cookie = String(won?.headers['set-cookie']).split(';')[0]?.split('=')[1];
        // The session one replica started lets the new member in on the other.
        expect(await b.sessions.who(cookie)).toMatchObject({ role: 'member' });
        expect(await a.sessions.who(cookie)).toMatchObject({ role: 'member' });
      }
      expect(await b.people.list()).toHaveLength(4);
    } finally {
      for (const close of closers) await close();
    }
  });

  it('pause every replica after many links that make no one, from many addresses', async () => {
    const [a, b] = await twoReplicas(kind);
    const closers: (() => Promise<void>)[] = [];
    try {
      const [pa, pb] = [
        await invitePages(a, (c) => closers.push(c)),
        await invitePages(b, (c) => closers.push(c)),
      ];
      // Twenty unknown links from twenty addresses (under each address's own limit).
      for (let i = 0; i < 20; i++) {
        const res = await pa.open(`/invite/${'X'.repeat(40)}${i}`, address(10 + i));
        expect(res.status).toBe(404);
      }
      const paused = await pb.open(`/invite/${'Y'.repeat(43)}`, address(40));
      expect(paused.status).toBe(429);
      expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
      expect(paused.body.toString()).toContain('Too many attempts.');
      expect(pa.logs.some((l) => l.startsWith('warn invite links paused'))).toBe(true);
    } finally {
      for (const close of closers) await close();
    }
  });
});
