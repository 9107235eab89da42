import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountEnvelopeSchema, type StudioError } from '../../contract/studio-api';
import { Stack } from '../test/harness';

let stack: Stack;
afterEach(async () => {
  stack.expectNoLeaks();
  await stack.stop();
});

describe('GET /studio-api/account', () => {
  beforeEach(async () => {
    stack = await Stack.start();
  });

  it('summarises balance, plan and running tasks from the three upstream reads', async () => {
    await stack.post('/studio-api/jobs', { operation: 'diffusion', params: { text: 'x' } });
    const res = await stack.json('/studio-api/account');
    expect(res.status).toBe(200);
    const { account } = accountEnvelopeSchema.parse(res.body);
    expect(account).toEqual({
      name: 'Studio Tester',
      plan: 'pro',
      availableCredits: 71000,
      availablePoints: 1048,
      frozenCredits: 80,
      usedPoints: 920,
      balanceUsd: 72.048,
      lowBalance: false,
      concurrencyLimit: 6,
      activeTasks: 1,
    });
  });

  it('caches the summary for a moment and shares concurrent reads', async () => {
    await Promise.all([1, 2, 3].map(() => stack.json('/studio-api/account')));
    await stack.json('/studio-api/account');
    expect(stack.fake.accountReads).toBe(3);
  });
});

describe('GET /studio-api/account with a wrong key', () => {
  beforeEach(async () => {
    stack = await Stack.start({ upstreamApiKey: 'sk-wrong-key-for-tests' });
  });

  it('answers upstream_auth with an operator hint', async () => {
    const res = await stack.json<{ error: StudioError }>('/studio-api/account');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('upstream_auth');
    expect(res.rec.text).not.toContain('sk-wrong-key-for-tests');
  });
});
