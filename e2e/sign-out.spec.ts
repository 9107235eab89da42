import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestPostgres, type TestPostgres } from '@/proxy/test/test-postgres';
import { freePort, waitForHealth } from './account-stack';
import { run, runStudio } from './outage-stack';
import { send, signIn } from './people-studio';

/**
 * A team's deployment: two studio replicas on one PostgreSQL, driving one engine. An admin
 * on one replica removes a member whose tab is open on the other; the tab is taken to the
 * sign-in page by the event the removal sends, without waiting for its next request.
 */
const OWNER_PASSWORD = 'replicas owner password';
const MEMBER = { name: 'Mo', email: 'mo@example.com', password: 'a member password' };

type Process = { child: ChildProcess; exited: Promise<void> };
let root = '';
let postgres: TestPostgres;
let engine: Process;
const studios: (Process & { url: string })[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  root = mkdtempSync(join(tmpdir(), 'studio-e2e-replicas-'));
  postgres = await startTestPostgres();
  const databaseUrl = await postgres.freshDatabase();
  const apiKey = 'sk-e2e-replicas';
  const accounts = join(root, 'accounts.json');
  writeFileSync(
    accounts,
    JSON.stringify([{ apiKey, name: 'Team', credits: 10_000, concurrency: 4 }]),
  );
  const enginePort = await freePort();
  const engineUrl = `http://127.0.0.1:${enginePort}`;
  engine = run(['src/engine/main.ts'], {
    ENGINE_PORT: String(enginePort),
    ENGINE_HOST: '127.0.0.1',
    ENGINE_DATA_DIR: join(root, 'engine'),
    ENGINE_ACCOUNTS: accounts,
    ENGINE_TASK_MS: '500',
  });
  await waitForHealth(engineUrl, 30_000);
  for (let i = 0; i < 2; i++) {
    studios.push(
      await runStudio({
        DATABASE_URL: databaseUrl,
        UPSTREAM_URL: engineUrl,
        UPSTREAM_API_KEY: apiKey,
        STUDIO_PASSWORD: OWNER_PASSWORD,
        LOG_LEVEL: 'warn',
      }),
    );
  }
  await Promise.all(studios.map((s) => waitForHealth(s.url, 60_000)));
});

test.afterAll(async () => {
  for (const p of [...studios, engine]) {
    p?.child.kill('SIGTERM');
    await p?.exited;
  }
  await postgres?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

test('removing a member on one replica signs out their open tab on another', async ({
  page,
  browser,
}) => {
  const [a, b] = studios;
  if (!a || !b) throw new Error('the replicas did not start');
  await signIn(page, a.url, 'owner@localhost', OWNER_PASSWORD);
  const added = await send(page, 'POST', '/studio-api/people', { ...MEMBER, role: 'member' });
  expect(added.status).toBe(201);
  const memberId = (added.body as unknown as { person: { id: string } }).person.id;

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, b.url, MEMBER.email, MEMBER.password);
  await member.goto(`${b.url}/library`);
  await expect(member.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();

  const removed = await send(page, 'DELETE', `/studio-api/people/${memberId}`, undefined);
  expect(removed.status).toBe(200);
  const start = Date.now();
  // `ended=1` comes only from the stream's sign-out event: a refused request would not add it.
  await expect(member).toHaveURL(/\/login\?next=%2Flibrary&ended=1$/);
  test.info().annotations.push({
    type: 'signed out after',
    description: `${Date.now() - start} ms`,
  });
  await expect(member.getByRole('alert')).toContainText('an admin removed you from this studio');
  await context.close();
});
