import { afterAll, describe, expect, it } from 'vitest';
import { accountInfoEnvelopeSchema, activeTasksEnvelopeSchema } from '@/contract/account';
import type { TestEngine } from '../test-support';
import { isFinal, removeTempDirs, startTestEngine, tempDir } from '../test-support';

afterAll(removeTempDirs);

async function infoOf(t: TestEngine, key = t.key) {
  const res = await t.get('/api/account/info', { 'x-api-key': key });
  return accountInfoEnvelopeSchema.parse(await res.json()).data;
}

/** granted = available + frozen + consumed, read from outside through /account/info. */
async function expectBooksBalance(t: TestEngine, key = t.key) {
  const res = await t.get('/api/account/info', { 'x-api-key': key });
  const pack = ((await res.json()) as { data: { credit_pack_info: Record<string, number> } }).data
    .credit_pack_info;
  expect(pack.total_credits).toBe(
    (pack.available_credits ?? 0) + (pack.frozen_credits ?? 0) + (pack.used_credits ?? 0),
  );
  expect(t.audit()).toEqual([]);
}

const statusesOf = (results: { status: number; body: { status: string } }[]) =>
  results.map((r) => (r.status === 200 ? r.body.status : String(r.status))).sort();

describe('concurrency and staged limits', () => {
  it('admits exactly concurrency pending and stagedLimit staged, refuses the rest with 429', async () => {
    const key = 'key-limits-0001';
    // Attempts last at least 800 ms, well beyond the burst of 6 creates.
    const t = await startTestEngine({
      taskMs: 800,
      accounts: [{ apiKey: key, name: 'small', concurrency: 2, stagedLimit: 2 }],
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => t.post('diffusion', { text: `boat number ${i}` })),
      );
      expect(statusesOf(results)).toEqual(['429', '429', 'pending', 'pending', 'staged', 'staged']);
      const refused = results.find((r) => r.status === 429);
      expect(refused?.body.error.message).toMatch(/concurrency limit reached/);

      const res = await t.get('/api/account/active_tasks', { 'x-api-key': key });
      const active = activeTasksEnvelopeSchema.parse(await res.json()).data;
      expect(active.total_active).toBe(2);
      expect(active.by_model.midjourney?.staged).toBe(2);
      expect(active.tasks).toHaveLength(4);

      const admitted = results.filter((r) => r.status === 200).map((r) => r.body);
      // Two rounds of renders (the staged pair waits for a slot): generous on a busy machine.
      const done = await Promise.all(admitted.map((a) => t.waitFor(a.job_id, isFinal, 40_000)));
      const ended = done.filter((_, i) => admitted[i]?.status === 'pending');
      const firstEnd = Math.min(...ended.map((d) => Date.parse(d.meta?.ended_at ?? '')));
      for (const [i, d] of done.entries()) {
        expect(d.status).toBe('completed');
        if (admitted[i]?.status === 'staged') {
          expect(Date.parse(d.meta?.started_at ?? '')).toBeGreaterThanOrEqual(firstEnd);
          expect(d.logs.join('\n')).toMatch(/status staged -> pending/);
        }
      }
      await expectBooksBalance(t, key);
    } finally {
      await t.stop();
    }
  }, 60_000);
});

describe('quota', () => {
  it('freezes credits first, then points, and answers 402 when both fall short', async () => {
    const key = 'key-quota-00001';
    const t = await startTestEngine({
      taskMs: 2000,
      accounts: [{ apiKey: key, name: 'poor', credits: 50, points: 100 }],
    });
    try {
      const first = await t.post('diffusion', { text: 'one small boat' });
      expect(first.status).toBe(200);
      let info = await infoOf(t, key);
      expect(info.credit_pack_info).toMatchObject({ available_credits: 0, frozen_credits: 50 });
      expect(info.wallet).toMatchObject({ point_remain: 70, point_frozen: 30 });
      const second = await t.post('diffusion', { text: 'another small boat' });
      expect(second.status).toBe(402);
      expect(second.body.error.message).toBe('insufficient quota');
      info = await infoOf(t, key);
      expect(info.wallet.point_remain).toBe(70);
      await expectBooksBalance(t, key);
    } finally {
      await t.stop();
    }
  });

  it('keeps granted = available + frozen + consumed under 30 concurrent creates', async () => {
    // No attempt can end during the burst (10 s minimum), so the admissions are exact;
    // the tasks are then drained by a fast engine restarted on the same data dir.
    const dataDir = await tempDir();
    const slow = await startTestEngine({ dataDir, taskMs: 10_000 });
    const checks: Promise<void>[] = [];
    const creates = Array.from({ length: 30 }, (_, i) => {
      checks.push(expectBooksBalance(slow));
      // A wide 8:1 frame keeps the renders small: this test is about money, not pictures.
      return slow.post('diffusion', { text: `lantern ${i} --ar 8:1` });
    });
    const results = await Promise.all(creates);
    await Promise.all(checks);
    await slow.stop();
    const counts = statusesOf(results).reduce<Record<string, number>>(
      (acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ pending: 6, staged: 20, '429': 4 });

    const t = await startTestEngine({ dataDir, taskMs: 20 });
    try {
      const ids = results.filter((r) => r.status === 200).map((r) => r.body.job_id);
      const poll = setInterval(() => checks.push(expectBooksBalance(t)), 100);
      await Promise.all(ids.map((id) => t.waitFor(id, isFinal, 20_000)));
      clearInterval(poll);
      await Promise.all(checks);
      expect((await infoOf(t)).credit_pack_info).toMatchObject({
        total_credits: 1_000_000,
        available_credits: 1_000_000 - 26 * 80,
        frozen_credits: 0,
      });
      await expectBooksBalance(t);
    } finally {
      await t.stop();
    }
  });
});
