import { describe, expect, it } from 'vitest';
import { accountInfoEnvelopeSchema } from '@/contract/account';
import { isFinal, startTestEngine } from '../test-support';

describe('faults', () => {
  it('retries a failing attempt, then fails after 3 attempts and refunds', async () => {
    const t = await startTestEngine({ taskMs: 20, faultRate: 1 });
    try {
      const created = await t.post('diffusion', { text: 'a doomed boat' });
      const done = await t.waitFor(created.body.job_id, isFinal);
      expect(done.status).toBe('failed');
      expect(done.error.message).toMatch(/^generation failed after 3 attempts: /);
      expect(done.meta?.usage).toEqual({ type: 'credit', frozen: 80, consume: 0 });
      const moves = done.logs.filter((l) => / status /.test(l)).map((l) => l.split(' status ')[1]);
      expect(moves).toEqual([
        'created -> pending',
        'pending -> processing',
        'processing -> retry',
        'retry -> processing',
        'processing -> retry',
        'retry -> processing',
        'processing -> failed',
      ]);
      const res = await t.get('/api/account/info', { 'x-api-key': t.key });
      const info = accountInfoEnvelopeSchema.parse(await res.json()).data;
      expect(info.credit_pack_info).toMatchObject({
        available_credits: 1_000_000,
        frozen_credits: 0,
      });
      expect(t.audit()).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});
