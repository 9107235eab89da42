import { describe, expect, it } from 'vitest';
import { accountSummarySchema } from '@/contract/account-summary';
import { fixture } from '../test/fixtures';
import { buildSummary } from './build-summary';

const READ_AT = new Date('2026-05-03T10:00:00Z');
const noHandles = () => null;

describe('buildSummary', () => {
  it('uses the real balance and tolerates missing or odd info and active tasks', () => {
    const info = {
      code: 200,
      message: 'success',
      data: {
        name: 'Ada',
        plan: 7,
        wallet: { point_remain: 5, point_frozen: 20, point_used: 100 },
      },
    };
    const summary = buildSummary(
      { balance: fixture('account-balance'), info, active: null },
      noHandles,
      READ_AT,
    );
    expect(accountSummarySchema.parse(summary)).toEqual({
      name: 'Ada',
      plan: null,
      accountType: null,
      enabled: null,
      availableCredits: 71000,
      availablePoints: 1048,
      balanceUsd: 72.048,
      frozenCredits: 20,
      usedCredits: 100,
      lowBalance: false,
      alertThresholdUsd: 10,
      wallet: { pointRemain: 5, pointFrozen: 20, pointUsed: 100 },
      creditPack: null,
      concurrencyLimit: null,
      activeTasks: 0,
      byModel: null,
      tasks: [],
      readAt: '2026-05-03T10:00:00.000Z',
    });
  });

  it('falls back to the wallet and counts when the balance is unavailable', () => {
    const info = {
      code: 200,
      message: 'success',
      data: {
        max_concurrent_task_count: 6,
        wallet: { point_remain: 2000, point_frozen: 0, point_used: 0 },
        credit_pack_info: { total_credits: 5000, available_credits: 1000, frozen_credits: 80 },
      },
    };
    const active = {
      code: 200,
      message: 'success',
      data: { tasks: [{ job_id: 'x', task_type: 'diffusion', status: 'pending', created_at: '' }] },
    };
    const summary = buildSummary({ balance: null, info, active }, noHandles, READ_AT);
    expect(summary).toMatchObject({
      availableCredits: 1000,
      availablePoints: 2000,
      balanceUsd: 3,
      frozenCredits: 80,
      // The hosted service does not send used credits: the total minus what is left.
      usedCredits: 3920,
      creditPack: { total: 5000, available: 1000, frozen: 80, used: 3920 },
      concurrencyLimit: 6,
      activeTasks: 1,
      tasks: [{ id: null, operation: 'diffusion', status: 'pending', createdAt: null }],
    });
  });

  it('names the studio’s own tasks by handle and never passes an upstream id on', () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const active = {
      code: 200,
      message: 'success',
      data: {
        account_id: 1,
        total_active: 2,
        concurrent_limit: 6,
        by_model: { midjourney: { staged: 0, pending: 1, processing: 1, retry: 0 } },
        tasks: [
          {
            job_id: id(2),
            task_type: 'upscale',
            status: 'pending',
            created_at: '2026-05-03T09:59:00Z',
          },
          {
            job_id: id(1),
            task_type: 'diffusion',
            status: 'processing',
            created_at: '2026-05-03T09:58:00Z',
          },
        ],
      },
    };
    const handles = new Map([[id(1), 'mine-handle1']]);
    const summary = buildSummary(
      { balance: null, info: null, active },
      (u) => handles.get(u) ?? null,
      READ_AT,
    );
    expect(summary.tasks).toEqual([
      {
        id: 'mine-handle1',
        operation: 'diffusion',
        status: 'processing',
        createdAt: '2026-05-03T09:58:00Z',
      },
      { id: null, operation: 'upscale', status: 'pending', createdAt: '2026-05-03T09:59:00Z' },
    ]);
    expect(summary.byModel).toEqual({
      midjourney: { staged: 0, pending: 1, processing: 1, retry: 0 },
    });
    expect(JSON.stringify(summary)).not.toMatch(/00000000-0000/);
  });
});
