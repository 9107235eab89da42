import { describe, expect, it } from 'vitest';
import { fixture } from '../test/fixtures';
import { buildSummary } from './summary';

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
    const summary = buildSummary(fixture('account-balance'), info, null);
    expect(summary).toEqual({
      name: 'Ada',
      plan: '',
      availableCredits: 71000,
      availablePoints: 1048,
      frozenCredits: 20,
      usedPoints: 100,
      balanceUsd: 72.048,
      lowBalance: false,
      concurrencyLimit: 0,
      activeTasks: 0,
    });
  });

  it('falls back to the wallet and counts when the balance is unavailable', () => {
    const info = {
      code: 200,
      message: 'success',
      data: {
        max_concurrent_task_count: 6,
        wallet: { point_remain: 2000, point_frozen: 0, point_used: 0 },
        credit_pack_info: { total_credits: 0, available_credits: 1000, frozen_credits: 0 },
      },
    };
    const active = {
      code: 200,
      message: 'success',
      data: { tasks: [{ job_id: 'x', task_type: 'diffusion', status: 'pending', created_at: '' }] },
    };
    const summary = buildSummary(null, info, active);
    expect(summary).toMatchObject({
      availableCredits: 1000,
      availablePoints: 2000,
      balanceUsd: 3,
      concurrencyLimit: 6,
      activeTasks: 1,
    });
  });
});
