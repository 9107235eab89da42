import { afterEach, describe, expect, it } from 'vitest';
import { balanceEnvelopeSchema } from '@/contract/account';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';

let t: TestEngine | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

describe('GET /api/account/balance', () => {
  it('raises the low-balance alert below ENGINE_ALERT_USD, counting frozen credits as gone', async () => {
    const apiKey = 'sk-alert-test-0001';
    t = await startTestEngine({
      taskMs: 60_000,
      alertUsd: 1.2,
      accounts: [{ apiKey, name: 'alert', credits: 1500 }],
    });
    const balance = async () => {
      const res = await t?.get('/api/account/balance', { 'x-api-key': apiKey });
      return balanceEnvelopeSchema.parse(await res?.json()).data;
    };
    expect(await balance()).toMatchObject({
      balance_usd: 1.5,
      alert_threshold: 1.2,
      low_balance_alert: false,
    });
    for (const text of ['a fox --turbo', 'an owl --turbo']) {
      expect((await t.post('diffusion', { text })).status).toBe(200);
    }
    expect(await balance()).toMatchObject({
      available_credits: 1180,
      balance_usd: 1.18,
      low_balance_alert: true,
    });
  });
});
