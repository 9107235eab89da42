import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { Kysely, PostgresDialect } from 'kysely';
import { startTestPostgres, type TestPostgres } from '@/proxy/test/test-postgres';
import type { SharedEvent } from '@/proxy/browser-events/hub';
import { createRedactor } from '@/proxy/log';
import { stateFromTask } from '@/proxy/model/record';
import { handleOf } from '@/proxy/test/changes';
import { fixture } from '@/proxy/test/fixtures';
import { SessionCookie } from '@/proxy/auth/cookie';
import { loginRoutes } from '@/proxy/routes/login';
import { ownerWith } from '@/proxy/test/people';
import { KeyTaken } from '../idempotency-keys';
import type { SharedStore } from '../shared-store';
import { StoredEvents } from '../events';
import type { StoreTables } from '../schema';
import { postgresDialect } from './dialect';
import { openPostgresStore } from './open';
import { openPostgres } from './pool';

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(() => server.stop(), 60_000);

const KB = 1024;
const open = (url: string) =>
  openPostgresStore(url, { upstreamTtlMs: 72 * 60 * 60 * 1000, uploadsCapBytes: 64 * KB });

/** Three replicas' stores on one database, opened together as replicas start. */
async function replicas(): Promise<SharedStore[]> {
  const url = await server.freshDatabase();
  return Promise.all([open(url), open(url), open(url)]);
}

describe('replicas on one Postgres', () => {
  it('see one another’s sessions, creates, callback tokens, keys and uploads', async () => {
    const [a, b, c] = await replicas();
    if (!a || !b || !c) throw new Error('no replicas');
    try {
      const owner = await ownerWith(a, 'correct horse battery');
      const { token } = await a.sessions.create(owner.id);
      expect((await b.sessions.who(token))?.id).toBe(owner.id);
      await c.sessions.end(token);
      expect(await a.sessions.who(token)).toBeNull();

      const intent = {
        handle: 'h-shared',
        hookToken: 'tok-shared',
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion' as const,
        prompt: 'a shared lighthouse',
        params: null,
      };
      await a.history.recordIntent(intent, { key: 'k-shared', fingerprint: 'f' });
      expect(await b.history.findIdempotent('k-shared')).toEqual({
        fingerprint: 'f',
        handle: 'h-shared',
      });
      expect((await c.history.findByHook('tok-shared'))?.handle).toBe('h-shared');
      await b.history.markCreateUnknown('h-shared');
      const seen = await c.history.list({ beforeSeq: null, limit: 5, search: 'light' });
      expect(seen.jobs.map((j) => [j.handle, j.createState])).toEqual([['h-shared', 'unknown']]);

      const image = { data: Buffer.alloc(KB, 7), type: 'image/png' as const, ext: 'png' as const };
      const saved = await a.uploads.save({ ...image, width: 1, height: 1 });
      const found = await c.uploads.byToken(saved.token);
      expect(found).toEqual(saved);
      expect(found && (await c.uploads.read(found))?.equals(image.data)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('number jobs from one sequence whichever replica stores them', async () => {
    const stores = await replicas();
    try {
      await Promise.all(
        stores.flatMap((s, r) =>
          [0, 1, 2].map((i) =>
            s.history.recordIntent(
              {
                handle: `h-${r}-${i}`,
                hookToken: null,
                parentHandle: null,
                parentIndex: null,
                operation: 'diffusion',
                prompt: `replica ${r}`,
                params: null,
              },
              null,
            ),
          ),
        ),
      );
      const first = stores[0];
      if (!first) throw new Error('no replica');
      expect(await first.history.markInterruptedCreates()).toBe(9);
      const { jobs } = await first.history.list({ beforeSeq: null, limit: 20 });
      const seqs = jobs.map((j) => j.seq);
      expect(new Set(seqs).size).toBe(9);
      expect(seqs).toEqual([...seqs].sort((x, y) => y - x));
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});

const pending = taskResponseSchema.parse(fixture('diffusion-pending'));
const running = (handle: string) => ({
  handle,
  upstreamId: pending.job_id,
  parentHandle: null,
  parentIndex: null,
  operation: 'diffusion' as const,
  prompt: 'p',
  createdAt: new Date().toISOString(),
  dims: {},
  task: pending,
  ...stateFromTask(pending, null, createRedactor([])),
});
const handles = (jobs: { handle: string }[]) => jobs.map((j) => j.handle).sort();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('replicas on one Postgres, working together', () => {
  it('give each running job one follower, and take over a silent one’s once its lease lapses', async () => {
    const [a, b] = await replicas();
    if (!a || !b) throw new Error('no replicas');
    try {
      for (const h of ['run-1', 'run-2', 'run-3']) await a.history.insert(running(h));
      const [byA, byB] = await Promise.all([
        a.history.follow('A', 400),
        b.history.follow('B', 400),
      ]);
      expect(handles([...byA, ...byB])).toEqual(['run-1', 'run-2', 'run-3']);
      expect(byA.filter((j) => byB.some((k) => k.handle === j.handle))).toEqual([]);
      // Renewed, each keeps its own; the other's are not taken while they are live.
      expect(handles(await a.history.follow('A', 400))).toEqual(handles(byA));
      expect(handles(await b.history.follow('B', 400))).toEqual(handles(byB));
      // A goes silent (killed): B takes its jobs once A's lease lapsed, not before.
      await sleep(450);
      expect(handles(await b.history.follow('B', 400))).toEqual(['run-1', 'run-2', 'run-3']);
      expect(await a.history.follow('A', 400)).toEqual([]);
      // B stops cleanly: A follows at once.
      await b.history.unfollow('B');
      expect(handles(await a.history.follow('A', 400))).toEqual(['run-1', 'run-2', 'run-3']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('deliver every replica’s events to all, in one order, and replay them on any', async () => {
    const [a, b, c] = await replicas();
    if (!a?.events || !b?.events || !c?.events) throw new Error('no replicas');
    try {
      const seenA: SharedEvent[] = [];
      const seenB: SharedEvent[] = [];
      const start = await a.events.listen((e) => seenA.push(e));
      await b.events.listen((e) => seenB.push(e));
      const removed = (id: string) => ({ event: 'job-removed' as const, data: { id } });
      await Promise.all([
        a.events.publish(removed('from-a')),
        b.events.publish(removed('from-b')),
        c.events.publish(removed('from-c')),
      ]);
      await vi.waitFor(() => expect(seenB).toHaveLength(3), { timeout: 3000, interval: 10 });
      await vi.waitFor(() => expect(seenA).toHaveLength(3), { timeout: 3000, interval: 10 });
      expect(seenA).toEqual(seenB);
      const seqs = seenA.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(seqs[0]).toBeGreaterThan(start);
      expect(seenA.map((e) => JSON.parse(e.data) as unknown).sort()).toHaveLength(3);
      // A browser that saw the first event reconnects to C: it gets the other two.
      expect(await c.events.replay(seqs[0] ?? 0)).toEqual(seenA.slice(1));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('send every browser a reset once the database takes events again after some were lost', async () => {
    const url = await server.freshDatabase();
    const a = await open(url);
    // Replica B's events, through a pool that cannot reach the database while `down`.
    const pool = openPostgres(url);
    let down = false;
    const flaky = new Proxy(pool, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (down && (key === 'connect' || key === 'query')) {
          return () => Promise.reject(new Error('connect ECONNREFUSED'));
        }
        return (value as (...args: unknown[]) => unknown).bind(target);
      },
    });
    const db = new Kysely<StoreTables>({ dialect: new PostgresDialect({ pool: flaky }) });
    const b = new StoredEvents(
      db,
      postgresDialect(url, () => undefined),
      () => undefined,
    );
    try {
      if (!a.events) throw new Error('no shared events');
      const seen: SharedEvent[] = [];
      await a.events.listen((e) => seen.push(e));
      down = true;
      await expect(
        b.publish({ event: 'job-removed', data: { id: 'lost-while-down' } }),
      ).rejects.toThrow('ECONNREFUSED');
      down = false;
      await vi.waitFor(() => expect(seen.map((e) => e.event)).toEqual(['reset']), {
        timeout: 5000,
        interval: 20,
      });
      expect(JSON.parse(seen[0]?.data ?? '{}')).toEqual({
        reason:
          'Some updates could not be sent while the database was unreachable; reload the data on screen.',
      });
      // Once said, it is not said again.
      await b.publish({ event: 'job-removed', data: { id: 'after' } });
      await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 3000, interval: 10 });
      expect(seen[1]?.event).toBe('job-removed');
    } finally {
      await b.close();
      await db.destroy();
      await a.close();
    }
  });

  it('let one of two creates with the same key claim it', async () => {
    const [a, b] = await replicas();
    if (!a || !b) throw new Error('no replicas');
    try {
      const intent = (handle: string) => ({
        handle,
        hookToken: null,
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion' as const,
        prompt: 'twice',
        params: null,
      });
      const claim = { key: 'same-key', fingerprint: 'f' };
      const outcomes = await Promise.allSettled([
        a.history.recordIntent(intent('h-a'), claim),
        b.history.recordIntent(intent('h-b'), claim),
      ]);
      const lost = outcomes.filter((o) => o.status === 'rejected');
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(KeyTaken);
      const won = await a.history.findIdempotent('same-key');
      expect(['h-a', 'h-b']).toContain(won?.handle);
      // The losing create left nothing behind: one create waits for its answer.
      expect(await b.history.markInterruptedCreates()).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('pause sign-ins on every replica once five failed on any of them', async () => {
    const [a, b] = await replicas();
    if (!a || !b) throw new Error('no replicas');
    try {
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      await ownerWith(a, 'the-right-password');
      const login = (s: SharedStore) =>
        loginRoutes({
          people: s.people,
          sessions: s.sessions,
          signIns: s.signIns,
          audit: s.audit,
          cookie: new SessionCookie(false),
          log: quiet,
        });
      const [onA, onB] = [login(a), login(b)];
      const post = (app: typeof onA, password: string) =>
        app.request('/login', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ password }),
        });
      // Two addresses' worth of guesses on each replica: neither replica alone saw five.
      for (const [i, app] of [onA, onB, onA, onB, onA].entries()) {
        expect((await post(app, `guess-${i}`)).status).toBe(401);
      }
      const paused = await post(onB, 'the-right-password');
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(50);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('announce as unknown a create a dead replica left waiting, once no create could still wait', async () => {
    const url = await server.freshDatabase();
    const opts = { upstreamTtlMs: 72 * 60 * 60 * 1000, uploadsCapBytes: 64 * KB };
    const dead = await openPostgresStore(url, opts);
    const live = await openPostgresStore(url, { ...opts, createTimeoutMs: 100 });
    try {
      const intent = {
        handle: 'h-left',
        hookToken: null,
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion' as const,
        prompt: 'left waiting',
        params: null,
      };
      await dead.history.recordIntent(intent, null);
      const changed: string[] = [];
      live.history.watch((c) => changed.push(handleOf(c)));
      await live.history.follow('live', 1000);
      expect(changed).toEqual([]); // it may still be waiting for its answer
      await sleep(250);
      await live.history.follow('live', 1000);
      expect(changed).toEqual(['h-left']);
      expect((await live.history.get('h-left'))?.createState).toBe('unknown');
    } finally {
      await Promise.all([dead.close(), live.close()]);
    }
  });
});
