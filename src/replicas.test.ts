import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendingEnvelopeSchema } from '@/contract/spending';
import { jobEnvelopeSchema, jobListSchema, type Job } from '@/contract/studio-api';
import { loadEngineConfig } from '@/engine/config';
import { startEngine, type RunningEngine } from '@/engine/server';
import { Balancer } from '@/proxy/test/balancer';
import { waitFor } from '@/proxy/test/harness';
import { type ProxyProcess, spawnProxy } from '@/proxy/test/proxy-process';
import { SseClient, jobEvent } from '@/proxy/test/sse-client';
import { WireDelay } from '@/proxy/test/wire-delay';
import { STORE_VERSION } from '@/proxy/store/migrations';
import { freePort } from '@/proxy/test/free-port';
import { startTestPostgres, type TestPostgres } from '@/proxy/test/test-postgres';

/**
 * A team's deployment, for real: one PostgreSQL, the embedded engine as the service, and
 * three studio replicas (their own processes) behind a balancer that is their PUBLIC_URL.
 * The balancer sends callbacks to B and upload fetches to C, everything else to A, so
 * each check below crosses replicas by construction. A reaches the service through a link
 * that can hold the answers to its creates back, and every replica asks for progress
 * callbacks, so a create's first callback can reach B before A has the create's answer.
 */
const PASSWORD = 'team-password-1';
const LEASE_MS = 1500;

let root = '';
let server: TestPostgres;
let databaseUrl = '';
let engine: RunningEngine;
let balancer: Balancer;
let wire: WireDelay;
/** How long A's link holds back the answer to a create. */
let createDelayMs = 0;
const isCreate = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path.startsWith('/api/v1/') && !r.path.startsWith('/api/v1/job');
const replicas: Record<'A' | 'B' | 'C', ProxyProcess | null> = { A: null, B: null, C: null };
let cookie = '';

const urlOf = (name: 'A' | 'B' | 'C'): string => {
  const r = replicas[name];
  if (!r) throw new Error(`replica ${name} is not running`);
  return r.url;
};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'studio-replicas-'));
  server = await startTestPostgres();
  databaseUrl = await server.freshDatabase();
  engine = await startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_DATA_DIR: path.join(root, 'engine'),
      ENGINE_TASK_MS: '600',
      // The studio's uploads and callbacks are on 127.0.0.1.
      ENGINE_ALLOW_PRIVATE_FETCH: '1',
      // Its access lines would fill the test run's output.
      LOG_LEVEL: 'warn',
    }),
  );
  wire = await new WireDelay(engine.url, (r) => (isCreate(r) ? createDelayMs : 0)).start();
  const ports = { A: await freePort(), B: await freePort(), C: await freePort() };
  const at = (name: 'A' | 'B' | 'C') => `http://127.0.0.1:${ports[name]}`;
  balancer = await new Balancer((p) =>
    p.startsWith('/hooks/') && p !== '/hooks/probe'
      ? at('B')
      : p.startsWith('/u/')
        ? at('C')
        : at('A'),
  ).start();
  const env = (name: 'A' | 'B' | 'C') => ({
    DATABASE_URL: databaseUrl,
    UPSTREAM_URL: name === 'A' ? wire.url : engine.url,
    UPSTREAM_PROGRESS: 'on',
    UPSTREAM_API_KEY: engine.apiKey ?? '',
    PORT: String(ports[name]),
    PUBLIC_URL: balancer.url,
    STUDIO_DATA_DIR: path.join(root, name),
    STUDIO_WEB_DIR: path.join(root, 'web'),
    STUDIO_PASSWORD: PASSWORD,
    STUDIO_LEASE_MS: String(LEASE_MS),
    POLL_MS: '100',
    HOOK_WAIT_MS: '300',
  });
  // Started together: they migrate one database at the same moment.
  const [a, b, c] = await Promise.all([
    spawnProxy(env('A')),
    spawnProxy(env('B')),
    spawnProxy(env('C')),
  ]);
  Object.assign(replicas, { A: a, B: b, C: c });
}, 120_000);

afterAll(async () => {
  for (const r of Object.values(replicas)) {
    r?.child.kill('SIGTERM');
    await r?.exited;
  }
  await balancer?.stop();
  await wire?.stop();
  await engine?.stop();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
}, 60_000);

const headers = (more: Record<string, string> = {}) => ({ cookie, ...more });

async function create(on: 'A' | 'B' | 'C', body: unknown, key?: string): Promise<Job> {
  const res = await fetch(`${urlOf(on)}/studio-api/jobs`, {
    method: 'POST',
    headers: headers({
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    }),
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return jobEnvelopeSchema.parse(JSON.parse(text)).job;
}

async function jobOn(on: 'A' | 'B' | 'C', id: string): Promise<Job> {
  const res = await fetch(`${urlOf(on)}/studio-api/jobs/${id}`, { headers: headers() });
  return jobEnvelopeSchema.parse(await res.json()).job;
}

const untilFinished = (on: 'A' | 'B' | 'C', id: string, timeoutMs = 15_000) =>
  waitFor(async () => {
    const job = await jobOn(on, id);
    return job.status === 'completed' || job.status === 'failed' ? job : null;
  }, timeoutMs);

describe('three studio replicas on one Postgres', () => {
  it('migrate the database once when they start together', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const versions = await client.query('SELECT version FROM store_schema');
      expect(versions.rows).toEqual([{ version: STORE_VERSION }]);
      // A second run of the migrations would have failed on existing tables, or added a row.
      expect((await client.query('SELECT id FROM deployment')).rowCount).toBe(1);
    } finally {
      await client.end();
    }
    for (const r of Object.values(replicas)) expect(r?.output()).toMatch(/"store":"postgres"/);
  });

  it('let a browser signed in on A in on B and C', async () => {
    const res = await fetch(`${urlOf('A')}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: PASSWORD }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/=/);
    for (const name of ['B', 'C'] as const) {
      const signedIn = await fetch(`${urlOf(name)}/studio-api/jobs`, { headers: headers() });
      expect(signedIn.status).toBe(200);
      const stranger = await fetch(`${urlOf(name)}/studio-api/jobs`);
      expect(stranger.status).toBe(401);
    }
  });

  it("end a removed person's open streams on every replica, and no one else's", async () => {
    const signIn = async (on: 'A' | 'B' | 'C', email: string, password: string) => {
      const res = await fetch(`${urlOf(on)}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    };
    const add = async (email: string, role: string) => {
      const res = await fetch(`${urlOf('A')}/studio-api/people`, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ name: role, email, role, password: `${role} password 1` }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { person: { id: string } }).person.id;
    };
    const memberId = await add('leaving@example.com', 'member');
    await add('staying@example.com', 'viewer');
    const member = await signIn('C', 'leaving@example.com', 'member password 1');
    const viewer = await signIn('C', 'staying@example.com', 'viewer password 1');
    const streams = await Promise.all([
      SseClient.open(`${urlOf('B')}/studio-api/events`, { cookie: member }),
      SseClient.open(`${urlOf('C')}/studio-api/events`, { cookie: member }),
      SseClient.open(`${urlOf('B')}/studio-api/events`, { cookie: viewer }),
    ]);
    const [memberOnB, memberOnC, viewerOnB] = streams;
    try {
      for (const s of streams) expect(s.status).toBe(200);
      // Each stream greets with the status: open on the replica before the removal.
      await Promise.all(streams.map((s) => s.next((m) => m.event === 'status')));
      const removed = await fetch(`${urlOf('A')}/studio-api/people/${memberId}`, {
        method: 'DELETE',
        headers: headers(),
      });
      expect(removed.status).toBe(200);
      for (const s of [memberOnB, memberOnC]) {
        await s.next((m) => m.event === 'signed-out');
        await waitFor(async () => s.ended || undefined, 5000);
      }
      const again = await fetch(`${urlOf('B')}/studio-api/jobs`, { headers: { cookie: member } });
      expect(again.status).toBe(401);
      // The viewer's stream stays open, told nothing of who left.
      expect(viewerOnB.ended).toBe(false);
      for (const word of ['signed-out', 'sessions-ended', memberId]) {
        expect(viewerOnB.raw).not.toContain(word);
      }
      const stays = await fetch(`${urlOf('B')}/studio-api/jobs`, { headers: { cookie: viewer } });
      expect(stays.status).toBe(200);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it('show a job made on A, completed by its callback to B, to a browser on C', async () => {
    const onC = await SseClient.open(`${urlOf('C')}/studio-api/events`, headers());
    try {
      const job = await create('A', { operation: 'diffusion', params: { text: 'a lighthouse' } });
      const done = await onC.next(jobEvent(job.id, 'completed'), 15_000);
      expect(done.id).toMatch(/^\d+$/);
      const hooks = balancer.routed.filter(
        (r) => r.path.startsWith('/hooks/') && r.path !== '/hooks/probe' && r.status === 200,
      );
      expect(hooks.length).toBeGreaterThan(0);
      expect(new Set(hooks.map((r) => r.to))).toEqual(new Set([new URL(urlOf('B')).origin]));

      // The browser drops and comes back to A with the id it saw: A replays what followed.
      const first = onC.messages.find((m) => m.id !== null);
      const onA = await SseClient.open(`${urlOf('A')}/studio-api/events`, {
        ...headers(),
        'last-event-id': first?.id ?? '',
      });
      try {
        await onA.next(jobEvent(job.id, 'completed'), 5000);
        const replayed = onA.messages.filter((m) => m.id !== null).map((m) => m.id);
        const after = onC.messages.filter((m) => m.id !== null).map((m) => m.id);
        expect(replayed).toEqual(
          after.slice(after.indexOf(first?.id ?? '') + 1, replayed.length + 1),
        );
      } finally {
        await onA.close();
      }
    } finally {
      await onC.close();
    }
  }, 30_000);

  it('count a job made on A and completed through B in the spending C reads', async () => {
    const job = await create('A', { operation: 'diffusion', params: { text: 'a ledger' } });
    const done = await untilFinished('C', job.id);
    expect(done.status).toBe('completed');
    const res = await fetch(`${urlOf('C')}/studio-api/account/spending?days=7&tz=UTC`, {
      headers: headers(),
    });
    const { spending } = spendingEnvelopeSchema.parse(await res.json());
    const row = spending.top.find((j) => j.id === job.id);
    expect(row).toMatchObject({ operation: 'diffusion', status: 'completed', inHistory: true });
    expect(row?.consumed).toBeGreaterThan(0);
    expect(spending.totals.consumed).toBeGreaterThanOrEqual(row?.consumed ?? 0);
    const csv = await fetch(`${urlOf('B')}/studio-api/account/ledger.csv?tz=UTC`, {
      headers: headers(),
    });
    expect(await csv.text()).toContain(`,${job.id},diffusion,`);
  }, 30_000);

  it('let the service fetch an upload made on A from C', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const res = await fetch(`${urlOf('A')}/studio-api/uploads`, {
      method: 'POST',
      headers: headers({ 'content-type': 'image/png' }),
      body: png,
    });
    expect(res.status).toBe(200);
    const { upload } = (await res.json()) as { upload: { url: string } };
    expect(upload.url.startsWith(`${balancer.url}/u/`)).toBe(true);
    const job = await create('A', { operation: 'describe', params: { imgUrl: upload.url } });
    expect((await untilFinished('A', job.id)).status).toBe('completed');
    const fetched = balancer.routed.filter((r) => r.path.startsWith('/u/'));
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((r) => r.to === new URL(urlOf('C')).origin && r.status === 200)).toBe(
      true,
    );
  }, 30_000);

  it('make one job of one idempotency key sent to A and B at once', async () => {
    const body = { operation: 'diffusion', params: { text: 'a single harbour' } };
    const [onA, onB] = await Promise.all([
      create('A', body, 'team-key-1'),
      create('B', body, 'team-key-1'),
    ]);
    expect(onB.id).toBe(onA.id);
    const res = await fetch(`${urlOf('C')}/studio-api/jobs?q=harbour`, { headers: headers() });
    expect(jobListSchema.parse(await res.json()).jobs.map((j) => j.id)).toEqual([onA.id]);
  }, 30_000);

  it('answer every create on A with its one job when its first callback reached B first', async () => {
    const adoptions = () => (replicas.B?.output().match(/"job adopted"/g) ?? []).length;
    const before = adoptions();
    try {
      for (let round = 0; round < 20; round++) {
        createDelayMs = [25, 100, 300][round % 3] ?? 0;
        const word = `racer${String(round)}x`;
        // `create` expects a 200: a 500 here is the race lost.
        const job = await create('A', { operation: 'diffusion', params: { text: `a ${word}` } });
        // Finished before the next round, so that the next task starts at once and its
        // first progress callback races the create's answer.
        expect((await untilFinished('C', job.id)).status).toBe('completed');
        const res = await fetch(`${urlOf('C')}/studio-api/jobs?q=${word}`, { headers: headers() });
        expect(jobListSchema.parse(await res.json()).jobs.map((j) => j.id)).toEqual([job.id]);
        expect(wire.passed.filter((r) => isCreate(r) && r.body.includes(word))).toHaveLength(1);
      }
    } finally {
      createDelayMs = 0;
    }
    // The race was run: B took the job from its callback before A had the answer.
    expect(adoptions() - before).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('answer a create whose answer was lost with the job its callback brought to B', async () => {
    const rounds = ['lost-1', 'lost-2', 'lost-3', 'lost-4', 'lost-5'];
    const firstStatus: number[] = [];
    createDelayMs = 300;
    wire.lose = isCreate;
    try {
      for (const [i, word] of rounds.entries()) {
        const body = { operation: 'diffusion', params: { text: `a ${word}x` } };
        const res = await fetch(`${urlOf('A')}/studio-api/jobs`, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json', 'idempotency-key': `lost-${i}` }),
          body: JSON.stringify(body),
        });
        firstStatus.push(res.status);
        const first = res.status === 200 ? jobEnvelopeSchema.parse(await res.json()).job : null;
        // The browser's retry of the same submit: the same key brings the same one job.
        wire.lose = null;
        const again = await create('A', body, `lost-${i}`);
        wire.lose = isCreate;
        if (first) expect(again.id).toBe(first.id);
        expect((await untilFinished('C', again.id)).status).toBe('completed');
        expect(wire.passed.filter((r) => isCreate(r) && r.body.includes(`${word}x`))).toHaveLength(
          1,
        );
      }
    } finally {
      createDelayMs = 0;
      wire.lose = null;
    }
    // A's answer was lost every time; B had the job from its callback in most rounds.
    expect(firstStatus.every((s) => s === 200 || s === 502)).toBe(true);
    expect(firstStatus.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('hand the jobs of a replica killed mid-job to another, which finishes following them', async () => {
    // No callback gets through: only a follower polling the service finishes the job.
    balancer.down = /^\/hooks\/(?!probe)/;
    const job = await create('A', { operation: 'diffusion', params: { text: 'a lost tower' } });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const leaseOf = async () =>
        (
          await client.query<{ replica: string }>(
            'SELECT replica FROM job_leases WHERE handle = $1',
            [job.id],
          )
        ).rows[0]?.replica;
      const follower = await waitFor(leaseOf, 5000);
      const name = (['A', 'B', 'C'] as const).find((n) =>
        replicas[n]?.output().includes(`"replica":"${follower}"`),
      );
      if (!name) throw new Error('no replica holds the lease');
      replicas[name]?.child.kill('SIGKILL');
      await replicas[name]?.exited;
      replicas[name] = null;
      const survivor = (['A', 'B', 'C'] as const).find((n) => replicas[n] !== null) ?? 'A';
      const finished = await untilFinished(survivor, job.id, 20_000);
      expect(finished.status).toBe('completed');
      const next = await leaseOf();
      expect(next).not.toBe(follower);
    } finally {
      await client.end();
      balancer.down = null;
    }
  }, 40_000);
});
