import type { z } from 'zod';
import {
  accountInfoEnvelopeSchema,
  accountInfoSchema,
  activeTasksEnvelopeSchema,
  activeTasksSchema,
  balanceEnvelopeSchema,
  balanceSchema,
} from '../../contract/account';
import type { AccountSummary } from '../../contract/studio-api';
import type { AccountPath, UpstreamClient } from '../upstream/client';
import { UpstreamError } from '../upstream/errors';

/**
 * The fields of `data` that parse, one by one. The real service documents these bodies
 * only loosely (API-NOTES.md), and one odd field must not hide the others.
 */
function pickValid<S extends z.ZodObject>(
  envelope: z.ZodType<{ data: z.infer<S> }>,
  schema: S,
  json: unknown,
): Partial<z.infer<S>> {
  const whole = envelope.safeParse(json);
  if (whole.success) return whole.data.data;
  const data = typeof json === 'object' && json !== null && 'data' in json ? json.data : null;
  if (typeof data !== 'object' || data === null) return {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const r = field.safeParse((data as Record<string, unknown>)[key]);
    if (r.success && r.data !== undefined) out[key] = r.data;
  }
  return out as Partial<z.infer<S>>;
}

type Settled = PromiseSettledResult<unknown>;
const value = (r: Settled): unknown => (r.status === 'fulfilled' ? r.value : null);

export function buildSummary(
  balanceJson: unknown,
  infoJson: unknown,
  activeJson: unknown,
): AccountSummary {
  const b = pickValid(balanceEnvelopeSchema, balanceSchema, balanceJson);
  const i = pickValid(accountInfoEnvelopeSchema, accountInfoSchema, infoJson);
  const a = pickValid(activeTasksEnvelopeSchema, activeTasksSchema, activeJson);
  const availableCredits = b.available_credits ?? i.credit_pack_info?.available_credits ?? 0;
  const availablePoints = b.available_points ?? i.wallet?.point_remain ?? 0;
  return {
    name: i.name ?? '',
    plan: i.plan ?? '',
    availableCredits,
    availablePoints,
    frozenCredits: (i.credit_pack_info?.frozen_credits ?? 0) + (i.wallet?.point_frozen ?? 0),
    usedPoints: i.wallet?.point_used ?? 0,
    // 1 USD = 1000 points = 1000 credits (SPEC.md), for services that omit the USD figure.
    balanceUsd: b.balance_usd ?? (availableCredits + availablePoints) / 1000,
    lowBalance: b.low_balance_alert ?? false,
    concurrencyLimit: a.concurrent_limit ?? i.max_concurrent_task_count ?? 0,
    activeTasks: a.total_active ?? a.tasks?.length ?? 0,
  };
}

const PATHS: readonly AccountPath[] = ['balance', 'info', 'active_tasks'];

/** The account summary, built from three upstream reads and cached for a moment. */
export class AccountService {
  private cached: { at: number; value: AccountSummary } | null = null;
  private pending: Promise<AccountSummary> | null = null;

  constructor(
    private readonly upstream: Pick<UpstreamClient, 'getAccount'>,
    private readonly ttlMs = 2000,
  ) {}

  /** Concurrent callers share one set of reads; the cache spares the upstream's rate limits. */
  summary(): Promise<AccountSummary> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) {
      return Promise.resolve(this.cached.value);
    }
    this.pending ??= this.load().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async load(): Promise<AccountSummary> {
    const results = await Promise.allSettled(PATHS.map((p) => this.upstream.getAccount(p)));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    // A key or account problem is the answer; a single flaky endpoint is not.
    const auth = failures.find(
      (e) => e instanceof UpstreamError && (e.status === 401 || e.status === 403),
    );
    if (auth !== undefined) throw auth;
    if (failures.length === results.length) throw failures[0];
    const [balance, info, active] = results.map(value);
    const summary = buildSummary(balance, info, active);
    this.cached = { at: Date.now(), value: summary };
    return summary;
  }
}
