import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spendingEnvelopeSchema } from '@/contract/spending';
import { accountEnvelopeSchema } from '@/contract/account-summary';
import { accountEventSchema } from '@/contract/events';
import type { StudioError } from '@/contract/studio-api';
import { openSqliteStore } from '../store/sqlite/open';
import { Stack, waitFor } from '../test/harness';
import { insertJob } from '../test/ledger-jobs';

let stack: Stack;
afterEach(() => stack.stopChecked());

describe('GET /studio-api/account', () => {
  beforeEach(async () => {
    stack = await Stack.start();
  });

  it('summarises balance, plan and running tasks from the three upstream reads', async () => {
    await stack.post('/studio-api/jobs', { operation: 'diffusion', params: { text: 'x' } });
    const res = await stack.json('/studio-api/account');
    expect(res.status).toBe(200);
    const { account } = accountEnvelopeSchema.parse(res.body);
    expect(account).toMatchObject({
      name: 'Studio Tester',
      plan: 'pro',
      accountType: 'user',
      enabled: true,
      availableCredits: 71000,
      availablePoints: 1048,
      balanceUsd: 72.048,
      frozenCredits: 80,
      usedCredits: 9920,
      lowBalance: false,
      alertThresholdUsd: 10,
      wallet: { pointRemain: 1048, pointFrozen: 80, pointUsed: 920 },
      creditPack: { total: 80000, available: 71000, frozen: 0, used: 9000 },
      concurrencyLimit: 6,
      activeTasks: 1,
    });
  });

  it('pushes the account after creates, reading it at most once a second, and not while tasks run', async () => {
    // The tasks run until the end of the test.
    stack.fake.readsToComplete = 1_000_000;
    const events = await stack.events();
    const accounts = () =>
      events.messages
        .filter((m) => m.event === 'account')
        .map((m) => accountEventSchema.parse(JSON.parse(m.data)).account);
    const t0 = Date.now();
    const creates = [1, 2, 3, 4, 5].map((n) =>
      stack.post('/studio-api/jobs', { operation: 'diffusion', params: { text: `job ${n}` } }),
    );
    expect((await Promise.all(creates)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await waitFor(async () => accounts().find((a) => a.activeTasks === 5));
    // The first read asks all three endpoints (balance, info, active tasks), the next ones
    // the info only: one at once, then one a second at most, however many jobs changed.
    expect(stack.fake.accountReads).toBeLessThanOrEqual(
      3 + 1 + Math.floor((Date.now() - t0) / 1000),
    );
    // The last creates' changes may still be read (within the settle time and a gap);
    // after that the tasks run and a browser watches, but nothing changes: nothing is read.
    await new Promise((r) => setTimeout(r, 1500));
    const before = stack.fake.accountReads;
    await new Promise((r) => setTimeout(r, 2100));
    expect(stack.fake.accountReads).toBe(before);
  });

  it('caches the summary for a moment and shares concurrent reads', async () => {
    await Promise.all([1, 2, 3].map(() => stack.json('/studio-api/account')));
    await stack.json('/studio-api/account');
    expect(stack.fake.accountReads).toBe(3);
  });
});

describe('GET /studio-api/account/spending and ledger.csv', () => {
  beforeEach(async () => {
    stack = await Stack.start();
  });

  /** Jobs of the last days, written to the studio's file as the proxy would. */
  async function recentJobs(): Promise<void> {
    const opened = await openSqliteStore(stack.dataDir, {
      upstreamTtlMs: 72 * 3_600_000,
      uploadsCapBytes: 0,
    });
    const store = opened.history;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    await insertJob(store, {
      handle: 'recent-job-1',
      createdAt: hoursAgo(1),
      status: 'completed',
      frozen: 80,
      consume: 80,
    });
    await insertJob(store, {
      handle: 'recent-job-2',
      createdAt: hoursAgo(50),
      status: 'failed',
      frozen: 160,
      consume: 0,
      operation: 'upscale',
    });
    await insertJob(store, {
      handle: 'recent-job-3',
      createdAt: hoursAgo(24 * 20),
      status: 'completed',
      frozen: 480,
      consume: 480,
      operation: 'video_diffusion',
    });
    await opened.close();
  }

  it('sums the ledger by local day and operation over the range asked for', async () => {
    await recentJobs();
    const week = await stack.json('/studio-api/account/spending?days=7&tz=Europe/Berlin');
    expect(week.status).toBe(200);
    const { spending } = spendingEnvelopeSchema.parse(week.body);
    expect(spending).toMatchObject({ timeZone: 'Europe/Berlin', days: 7 });
    expect(spending.daily).toHaveLength(7);
    expect(spending.totals).toEqual({ jobs: 2, consumed: 80, refunded: 160 });
    expect(spending.refunds.map((j) => j.id)).toEqual(['recent-job-2']);
    const month = await stack.json('/studio-api/account/spending?days=30&tz=UTC');
    expect(spendingEnvelopeSchema.parse(month.body).spending.totals.consumed).toBe(560);
  });

  it('refuses a range or a time zone it does not know, naming the field', async () => {
    const days = await stack.json<{ error: StudioError }>('/studio-api/account/spending?days=8');
    expect(days.status).toBe(400);
    expect(days.body.error.message).toMatch(/days.*7, 30 or 90/);
    const tz = await stack.json<{ error: StudioError }>(
      '/studio-api/account/spending?tz=Mars/Base',
    );
    expect(tz.status).toBe(400);
    expect(tz.body.error.message).toMatch(/tz.*IANA time zone/);
    const csv = await stack.json<{ error: StudioError }>('/studio-api/account/ledger.csv?days=1');
    expect(csv.status).toBe(400);
  });

  it('exports one CSV line per job, with handles and no upstream ids', async () => {
    const created = await stack.post<{ job: { id: string } }>('/studio-api/jobs', {
      operation: 'diffusion',
      params: { text: 'a fox --turbo' },
    });
    const id = created.body.job.id;
    await waitFor(async () => {
      const r = await stack.json<{ job: { status: string } }>(`/studio-api/jobs/${id}`);
      return r.body.job.status === 'completed';
    });
    const res = await stack.call('/studio-api/account/ledger.csv?tz=UTC');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="studio-ledger-/);
    expect(res.text.trim().split('\n')).toEqual([
      'date,job,operation,speed,status,frozen,consumed,refunded,person',
      `2026-01-04T05:54:17+00:00,${id},diffusion,turbo,completed,80,80,0,Owner`,
    ]);
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
