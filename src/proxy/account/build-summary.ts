import * as z from 'zod/mini';
import {
  accountInfoEnvelopeSchema,
  accountInfoSchema,
  activeTasksEnvelopeSchema,
  activeTasksSchema,
  balanceEnvelopeSchema,
  balanceSchema,
  type AccountInfo,
  type ActiveTasks,
  type Balance,
} from '@/contract/account';
import type { ActiveTask, AccountSummary } from '@/contract/account-summary';

/**
 * The fields of `data` that parse, one by one. The real service documents these bodies
 * only loosely (docs/service-interface.md#account-endpoints), and one odd field must not
 * hide the others.
 */
export function pickValid<S extends z.ZodMiniObject>(
  envelope: z.ZodMiniType<{ data: z.infer<S> }>,
  schema: S,
  json: unknown,
): Partial<z.infer<S>> {
  const whole = envelope.safeParse(json);
  if (whole.success) return whole.data.data;
  const data = typeof json === 'object' && json !== null && 'data' in json ? json.data : null;
  if (typeof data !== 'object' || data === null) return {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const r = z.safeParse(field, (data as Record<string, unknown>)[key]);
    if (r.success && r.data !== undefined) out[key] = r.data;
  }
  return out as Partial<z.infer<S>>;
}

/**
 * The balance as `/account/balance` would answer after `info` was read, for a refresh that
 * reads only the info: the amounts available are the info's credit pack and wallet, the
 * USD figure is their sum (1 USD = 1000 credits = 1000 points,
 * docs/service-interface.md#costs), and the alert is on below the threshold the last
 * balance read gave. Null when neither read says anything about money.
 */
export function balanceFromInfo(balance: unknown, info: unknown, readAt: Date): unknown {
  const b = pickValid(balanceEnvelopeSchema, balanceSchema, balance);
  const i = pickValid(accountInfoEnvelopeSchema, accountInfoSchema, info);
  const credits = i.credit_pack_info?.available_credits ?? b.available_credits;
  const points = i.wallet?.point_remain ?? b.available_points;
  if (credits === undefined && points === undefined) return balance;
  const usd = ((credits ?? 0) + (points ?? 0)) / 1000;
  const threshold = b.alert_threshold;
  const data: Partial<Balance> = {
    ...b,
    ...(credits === undefined ? {} : { available_credits: credits }),
    ...(points === undefined ? {} : { available_points: points }),
    balance_usd: usd,
    ...(threshold === undefined ? {} : { low_balance_alert: usd < threshold }),
    updated_at: readAt.toISOString(),
  };
  return { code: 200, message: 'success', data };
}

/** Maps an upstream job id to the studio's handle; null for a job it did not create. */
export type HandleOf = (upstreamId: string) => string | null;

function creditPackOf(i: Partial<AccountInfo>): AccountSummary['creditPack'] {
  const p = i.credit_pack_info;
  if (!p) return null;
  const used =
    p.used_credits ?? Math.max(0, p.total_credits - p.available_credits - p.frozen_credits);
  return { total: p.total_credits, available: p.available_credits, frozen: p.frozen_credits, used };
}

function walletOf(i: Partial<AccountInfo>): AccountSummary['wallet'] {
  const w = i.wallet;
  return w
    ? { pointRemain: w.point_remain, pointFrozen: w.point_frozen, pointUsed: w.point_used }
    : null;
}

/** Sums that need both parts of the info; null when the service sent neither. */
const both = (a: number | undefined, b: number | undefined): number | null =>
  a === undefined && b === undefined ? null : (a ?? 0) + (b ?? 0);

/** The unfinished tasks by handle, oldest first; the upstream ids stay here. */
function tasksOf(a: Partial<ActiveTasks>, handleOf: HandleOf): ActiveTask[] {
  return (a.tasks ?? [])
    .map((t) => ({
      id: handleOf(t.job_id),
      operation: t.task_type,
      status: t.status,
      createdAt: t.created_at === '' ? null : t.created_at,
    }))
    .sort((x, y) => (x.createdAt ?? '').localeCompare(y.createdAt ?? ''));
}

/** The studio's account from the three upstream reads; any of them may be missing or odd. */
export function buildSummary(
  reads: { balance: unknown; info: unknown; active: unknown },
  handleOf: HandleOf,
  readAt: Date,
): AccountSummary {
  const b = pickValid(balanceEnvelopeSchema, balanceSchema, reads.balance);
  const i = pickValid(accountInfoEnvelopeSchema, accountInfoSchema, reads.info);
  const a = pickValid(activeTasksEnvelopeSchema, activeTasksSchema, reads.active);
  const availableCredits = b.available_credits ?? i.credit_pack_info?.available_credits ?? 0;
  const availablePoints = b.available_points ?? i.wallet?.point_remain ?? 0;
  const creditPack = creditPackOf(i);
  const wallet = walletOf(i);
  return {
    name: i.name ?? null,
    plan: i.plan ?? null,
    accountType: i.type ?? null,
    enabled: i.is_enable ?? null,
    availableCredits,
    availablePoints,
    // 1 USD = 1000 points = 1000 credits (docs/service-interface.md#costs), for services
    // that omit the USD figure.
    balanceUsd: b.balance_usd ?? (availableCredits + availablePoints) / 1000,
    frozenCredits: both(creditPack?.frozen, wallet?.pointFrozen),
    usedCredits: both(creditPack?.used, wallet?.pointUsed),
    lowBalance: b.low_balance_alert ?? false,
    alertThresholdUsd: b.alert_threshold ?? null,
    wallet,
    creditPack,
    concurrencyLimit: a.concurrent_limit ?? i.max_concurrent_task_count ?? null,
    activeTasks: a.total_active ?? a.tasks?.length ?? 0,
    byModel: a.by_model ?? null,
    tasks: tasksOf(a, handleOf),
    readAt: readAt.toISOString(),
  };
}
