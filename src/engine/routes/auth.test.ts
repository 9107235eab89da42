import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfoEnvelopeSchema,
  activeTasksEnvelopeSchema,
  balanceEnvelopeSchema,
} from '@/contract/account';
import { taskResponseSchema } from '@/contract/task';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';

const GOOD = 'key-good-0001';
const OFF = 'key-disabled-0001';

describe('authentication', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({
      accounts: [
        { apiKey: GOOD, name: 'good', credits: 5000, points: 250 },
        { apiKey: OFF, name: 'off', enabled: false },
      ],
    });
  });
  afterAll(() => t.stop());

  const diffusion = (headers: Record<string, string>) =>
    fetch(`${t.url}/api/v1/diffusion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ text: 'a quiet harbour' }),
    });

  it('accepts the key in x-api-key and as a Bearer token', async () => {
    const a = await diffusion({ 'x-api-key': GOOD });
    const b = await diffusion({ authorization: `Bearer ${GOOD}` });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(taskResponseSchema.parse(await b.json()).status).toBe('pending');
  });

  it('refuses a create without a key, with a wrong key, or for a disabled account', async () => {
    const cases = [
      [{}, 401],
      [{ 'x-api-key': 'not-a-real-key' }, 401],
      [{ authorization: 'Basic abc' }, 401],
      [{ 'x-api-key': OFF }, 403],
    ] as const;
    for (const [headers, status] of cases) {
      const res = await diffusion(headers);
      expect(res.status).toBe(status);
      const body = taskResponseSchema.parse(await res.json());
      expect(body).toMatchObject({ status: 'failed', job_id: '', input: null, meta: null });
      expect(body.error.code).toBe(status);
    }
  });

  // The hosted service's shape, and the id of the request the engine adds to every error.
  it('answers account endpoints 401 and 403 with {message} and requestId only', async () => {
    for (const p of ['balance', 'info', 'active_tasks']) {
      const missing = await t.get(`/api/account/${p}`);
      expect(missing.status).toBe(401);
      expect(Object.keys((await missing.json()) as object)).toEqual(['message', 'requestId']);
      const wrong = await t.get(`/api/account/${p}`, { 'x-api-key': 'nope-nope-nope' });
      expect(wrong.status).toBe(401);
      const off = await t.get(`/api/account/${p}`, { 'x-api-key': OFF });
      expect(off.status).toBe(403);
      expect(Object.keys((await off.json()) as object)).toEqual(['message', 'requestId']);
    }
  });

  it('serves balance, info and active tasks in the contract envelopes', async () => {
    const h = { authorization: `Bearer ${GOOD}` };
    const balance = balanceEnvelopeSchema.parse(
      await (await t.get('/api/account/balance', h)).json(),
    );
    const info = accountInfoEnvelopeSchema.parse(
      await (await t.get('/api/account/info', h)).json(),
    );
    const active = activeTasksEnvelopeSchema.parse(
      await (await t.get('/api/account/active_tasks', h)).json(),
    );
    expect(balance.code).toBe(200);
    expect(balance.data.available_points).toBe(250);
    expect(balance.data.balance_usd).toBe(
      (balance.data.available_credits + balance.data.available_points) / 1000,
    );
    expect(info.data).toMatchObject({ name: 'good', is_enable: true, api_keys: null });
    expect(info.data.credit_pack_info.total_credits).toBe(5000);
    expect(active.data.concurrent_limit).toBe(6);
    expect(active.data.by_model.midjourney).toBeDefined();
  });

  it('answers health checks without a key', async () => {
    expect((await t.get('/healthz')).status).toBe(200);
    expect((await t.get('/api/healthz')).status).toBe(200);
  });
});
