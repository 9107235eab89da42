import { afterAll, describe, expect, it } from 'vitest';
import { accountInfoEnvelopeSchema } from '@/contract/account';
import type { TestEngine } from './test-support';
import { isFinal, removeTempDirs, spawnEngine, startTestEngine, tempDir } from './test-support';

afterAll(removeTempDirs);

async function creditsOf(t: TestEngine, key = t.key) {
  const res = await t.get('/api/account/info', { 'x-api-key': key });
  return accountInfoEnvelopeSchema.parse(await res.json()).data.credit_pack_info;
}

describe('restarts', () => {
  it('finishes a task interrupted by a stop, on the same data dir, without losing credit', async () => {
    const dataDir = await tempDir();
    const first = await startTestEngine({ dataDir, taskMs: 5000 });
    const created = await first.post('diffusion', { text: 'a ship in a bottle' });
    await first.waitFor(created.body.job_id, (j) => j.status === 'processing');
    await first.stop();

    const second = await startTestEngine({ dataDir, taskMs: 50 });
    try {
      expect(second.key).toBe(first.key);
      const done = await second.waitFor(created.body.job_id, isFinal);
      expect(done.status).toBe('completed');
      expect(done.logs.join('\n')).toMatch(/interrupted \(the engine is stopping\)/);
      expect(done.meta?.usage).toEqual({ type: 'credit', frozen: 80, consume: 80 });
      expect(await creditsOf(second)).toMatchObject({
        available_credits: 1_000_000 - 80,
        frozen_credits: 0,
      });
      expect(second.audit()).toEqual([]);
    } finally {
      await second.stop();
    }
  });

  it('runs again a task whose engine was killed with SIGKILL', async () => {
    const dataDir = await tempDir();
    const { child, ready } = spawnEngine(dataDir, { ENGINE_TASK_MS: '5000' });
    const { url, key } = await ready;
    const res = await fetch(`${url}/api/v1/diffusion`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'a ship in a storm' }),
    });
    const { job_id: jobId } = (await res.json()) as { job_id: string };
    for (let s = ''; s !== 'processing'; await new Promise((r) => setTimeout(r, 20))) {
      s = ((await (await fetch(`${url}/api/v1/job/${jobId}`)).json()) as { status: string }).status;
    }
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;

    const again = await startTestEngine({ dataDir, taskMs: 50 });
    try {
      const done = await again.waitFor(jobId, isFinal);
      expect(done.status).toBe('completed');
      expect(done.logs.join('\n')).toMatch(/interrupted \(the engine restarted\)/);
      expect((await creditsOf(again)).available_credits).toBe(1_000_000 - 80);
      expect(again.audit()).toEqual([]);
    } finally {
      await again.stop();
    }
  });
});

describe('npm run engine', () => {
  it("prints the API's URL and, without /api, the base URL an SDK takes", async () => {
    const { child, ready } = spawnEngine(await tempDir());
    try {
      const { api, url } = await ready;
      expect(api).toBe(`${url}/api`);
      // A client of the API appends the path to the API's URL...
      expect((await fetch(`${api}/openapi.json`)).status).toBe(200);
      // ...an SDK appends `/api` and the path to its base URL...
      expect((await fetch(`${url}/api/openapi.json`)).status).toBe(200);
      // ...which, given the API's URL instead, is not found.
      expect((await fetch(`${api}/api/openapi.json`)).status).toBe(404);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.exitCode === null && child.kill('SIGTERM')) await exited;
    }
  });
});

describe('accounts file', () => {
  it('tops an account up when its amount is raised, and revokes dropped keys', async () => {
    const dataDir = await tempDir();
    const a = { apiKey: 'key-topup-aaaa', name: 'a', credits: 1000 };
    const b = { apiKey: 'key-topup-bbbb', name: 'b' };
    const first = await startTestEngine({ dataDir, accounts: [a, b] });
    await first.stop();
    const second = await startTestEngine({ dataDir, accounts: [{ ...a, credits: 3000 }] });
    try {
      expect(await creditsOf(second)).toMatchObject({
        total_credits: 3000,
        available_credits: 3000,
      });
      const revoked = await second.get('/api/account/balance', { 'x-api-key': b.apiKey });
      expect(revoked.status).toBe(401);
      expect(second.audit()).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
