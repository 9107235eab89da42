import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costOfCreate } from '@/contract/create-cost';
import { loadEngineConfig } from '@/engine/config';
import { startEngine, type RunningEngine } from '@/engine/server';
import { freePort } from '@/proxy/test/free-port';
import { type ProxyProcess, spawnProxy } from '@/proxy/test/proxy-process';
import { startTestPostgres, type TestPostgres } from '@/proxy/test/test-postgres';
import { WireDelay } from '@/proxy/test/wire-delay';

/**
 * A budget's exactness on a team's deployment, for real: three studio replicas (their own
 * processes) on one PostgreSQL, the embedded engine as the service behind a link that
 * counts the creates it receives, and one member whose budget allows exactly ten creates,
 * who sends fifty at once spread over the three.
 */
const PASSWORD = 'team-password-1';
const MEMBER_PASSWORD = 'member password 1';
const CREATE = { operation: 'diffusion', params: { text: 'a lighthouse at dusk' } } as const;
const COST = costOfCreate(CREATE);

let root = '';
let server: TestPostgres;
let engine: RunningEngine;
let wire: WireDelay;
let received = 0;
const replicas: ProxyProcess[] = [];

const isCreate = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path.startsWith('/api/v1/') && !r.path.startsWith('/api/v1/job');

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'studio-budgets-'));
  server = await startTestPostgres();
  const databaseUrl = await server.freshDatabase();
  engine = await startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_DATA_DIR: path.join(root, 'engine'),
      ENGINE_TASK_MS: '600',
      LOG_LEVEL: 'warn',
    }),
  );
  wire = await new WireDelay(engine.url, (r) => {
    if (isCreate(r)) received++;
    return 0;
  }).start();
  const started = await Promise.all(
    ['A', 'B', 'C'].map(async (name) =>
      spawnProxy({
        DATABASE_URL: databaseUrl,
        UPSTREAM_URL: wire.url,
        UPSTREAM_API_KEY: engine.apiKey ?? '',
        PORT: String(await freePort()),
        STUDIO_DATA_DIR: path.join(root, name),
        STUDIO_WEB_DIR: path.join(root, 'web'),
        STUDIO_PASSWORD: PASSWORD,
        STUDIO_TIME_ZONE: 'Europe/Berlin',
        UPSTREAM_CALLBACKS: 'off',
      }),
    ),
  );
  replicas.push(...started);
}, 120_000);

afterAll(async () => {
  for (const r of replicas) {
    r.child.kill('SIGTERM');
    await r.exited;
  }
  await wire?.stop();
  await engine?.stop();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
}, 60_000);

async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const send = (url: string, cookie: string, method: string, body: unknown) =>
  fetch(url, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a budget on three replicas of one Postgres', () => {
  it('lets exactly the creates it allows reach the service when fifty are sent at once', async () => {
    const [a, b, c] = replicas.map((r) => r.url);
    if (!a || !b || !c) throw new Error('three replicas');
    const owner = await signIn(a, 'owner@localhost', PASSWORD);
    const added = await send(`${b}/studio-api/people`, owner, 'POST', {
      name: 'Ana',
      email: 'ana@example.com',
      role: 'member',
      password: MEMBER_PASSWORD,
    });
    expect(added.status).toBe(201);
    const { person } = (await added.json()) as { person: { id: string } };
    const budget = await send(`${c}/studio-api/budgets/${person.id}`, owner, 'PUT', {
      day: 10 * COST,
      month: null,
    });
    expect(budget.status).toBe(200);
    const ana = await signIn(c, 'ana@example.com', MEMBER_PASSWORD);

    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const on = [a, b, c][i % 3] ?? a;
        const res = await send(`${on}/studio-api/jobs`, ana, 'POST', CREATE);
        return {
          status: res.status,
          body: (await res.json()) as { error?: { code: string; message: string } },
        };
      }),
    );
    const made = answers.filter((x) => x.status === 200);
    const refused = answers.filter((x) => x.status === 403);
    expect(made).toHaveLength(10);
    expect(received).toBe(10);
    expect(refused).toHaveLength(40);
    for (const { body } of refused) {
      expect(body.error).toEqual(
        expect.objectContaining({
          code: 'budget_exceeded',
          message: `Your daily budget of ${10 * COST} credits has 0 left; this create costs ${COST}.`,
        }),
      );
    }
    const me = await fetch(`${b}/studio-api/me`, { headers: { cookie: ana } });
    expect(await me.json()).toMatchObject({
      budget: { limits: { day: 10 * COST }, used: { day: 10 * COST } },
    });
  }, 60_000);
});
