import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ActiveTasks, AccountInfo, Balance } from '@/contract/account';
import { MODEL_NAME } from '@/contract/task';
import { withRequestId } from '@/server/log';
import type { AccountRow } from '../accounts/accounts-store';
import { getAccount } from '../accounts/accounts-store';
import { activeCount } from '../accounts/limits';
import type { EngineContext, EngineEnv } from './context';
import { requireAccount } from './auth';

/** Account endpoints answer 401 and 403 with `{message}` only. */
const refuseAccount = (c: Context, status: 401 | 403, message: string): Response =>
  c.json(withRequestId({ message }), status);

const envelope = <T>(data: T) => ({ code: 200, data, message: 'success' });

/** `alertUsd`: below it `low_balance_alert` turns on (1 USD = 1000 credits or points). */
function balanceOf(a: AccountRow, alertUsd: number): Balance {
  const usd = (a.credits.available + a.points.available) / 1000;
  return {
    account_id: a.id,
    balance_usd: usd,
    available_credits: a.credits.available,
    available_points: a.points.available,
    alert_threshold: alertUsd,
    low_balance_alert: usd < alertUsd,
    updated_at: a.updatedAt,
  };
}

function infoOf(a: AccountRow): AccountInfo {
  const creditPack = {
    total_credits: a.credits.granted,
    available_credits: a.credits.available,
    frozen_credits: a.credits.frozen,
    // Extension: with it the money invariant can be checked from outside.
    used_credits: a.credits.consumed,
  };
  return {
    id: a.id,
    name: a.name,
    is_enable: a.enabled,
    plan: 'engine',
    type: a.whitelisted ? 'whitelisted' : 'standard',
    max_concurrent_task_count: a.concurrency,
    wallet: {
      point_remain: a.points.available,
      point_frozen: a.points.frozen,
      point_used: a.points.consumed,
    },
    credit_pack_info: creditPack,
    api_keys: null,
  };
}

export function accountRoutes(ctx: EngineContext): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();
  app.use('*', requireAccount(ctx, refuseAccount));
  // Re-read so the amounts are those of this instant, not of the key lookup.
  const current = (c: Context<EngineEnv>): AccountRow =>
    getAccount(ctx.db, c.get('account').id) ?? c.get('account');

  app.get('/balance', (c) => c.json(envelope(balanceOf(current(c), ctx.alertUsd))));
  app.get('/info', (c) => c.json(envelope(infoOf(current(c)))));
  app.get('/active_tasks', (c) => {
    const account = current(c);
    const counts = ctx.tasks.countByStatus(account.id);
    const data: ActiveTasks = {
      account_id: account.id,
      total_active: activeCount(counts),
      concurrent_limit: account.concurrency,
      by_model: {
        [MODEL_NAME]: {
          staged: counts.staged,
          pending: counts.pending,
          processing: counts.processing,
          retry: counts.retry,
        },
      },
      tasks: ctx.tasks.listUnfinished(account.id).map((t) => ({
        job_id: t.jobId,
        task_type: t.taskType,
        status: t.status,
        created_at: t.createdAt,
      })),
    };
    return c.json(envelope(data));
  });
  return app;
}
