import { sql } from 'kysely';
import type { BudgetLimits, BudgetUse } from '@/contract/budgets';
import { localDays } from '../model/local-days';
import { StudioHttpError, studioError } from '../studio-error';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';

/** The row that holds the team default, beside each person's own. */
const TEAM_DEFAULT = '*';
const NO_LIMITS: BudgetLimits = { day: null, month: null };

/** Where the current local day and month begin, and their names. */
export interface BudgetPeriods {
  day: string;
  month: string;
  dayStartMs: number;
  monthStartMs: number;
}

/** The local day and month of `nowMs` in `timeZone`. */
export function budgetPeriods(timeZone: string, nowMs: number): BudgetPeriods {
  const [today] = localDays(timeZone, 1, nowMs);
  if (!today) throw new Error('no local day');
  const dayOfMonth = Number(today.day.slice(8, 10));
  const [first] = localDays(timeZone, dayOfMonth, nowMs);
  return {
    day: today.day,
    month: today.day.slice(0, 7),
    dayStartMs: today.startMs,
    monthStartMs: first?.startMs ?? today.startMs,
  };
}

const fmt = (n: number): string => new Intl.NumberFormat('en-US').format(Math.round(n));

/** A create (or a batch of `creates`) its maker's budget cannot take, refused before it is sent. */
const exceeded = (
  period: 'daily' | 'monthly',
  limit: number,
  used: number,
  cost: number,
  creates: number,
) =>
  new StudioHttpError(
    studioError(
      403,
      'budget_exceeded',
      `Your ${period} budget of ${fmt(limit)} credits has ${fmt(Math.max(0, limit - used))} left; ${creates === 1 ? 'this create costs' : `these ${creates} creates cost`} ${fmt(cost)}.`,
      period === 'daily'
        ? 'Nothing was sent or charged. Your budget starts again tomorrow; an admin of the studio can raise it.'
        : 'Nothing was sent or charged. Your budget starts again next month; an admin of the studio can raise it.',
    ),
  );

/**
 * What a charge counts, by its job's ledger row: what the service consumed once the job
 * finished, what it froze while it runs, the create's estimate until then; nothing when
 * the row is gone (a refused create, or a deleted job that cost nothing).
 */
const COUNTED = sql<number>`CASE WHEN l.handle IS NULL THEN 0
  WHEN l.status IN ('completed', 'failed') THEN l.consumed
  WHEN l.frozen > 0 THEN l.frozen ELSE c.estimate END`;

/** A reservation against `personId`'s budget, made with a create's intent. */
export interface BudgetCharge {
  personId: string;
  handle: string;
  /** The create's estimated cost (`costOfCreate`). */
  estimate: number;
}

/** How long before this month's start a charge stays: no period's start moves that far. */
const CHARGES_KEPT_BEFORE_MS = 31 * 24 * 60 * 60 * 1000;

/**
 * Budgets per person and the team default, and what each person spent against them. A
 * create reserves its estimate in the transaction that writes its intent, after taking
 * its maker's lock (`budget-<id>`) on every replica and summing what they spent in the
 * period: two creates of one person check in turn, so a budget is never overrun by
 * creates racing on several replicas.
 */
export class StoredBudgets {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
    /** The studio's time zone, whose local days and months the budgets count. */
    readonly timeZone: string,
  ) {}

  periods(nowMs = Date.now()): BudgetPeriods {
    return budgetPeriods(this.timeZone, nowMs);
  }

  /** The team default and every person's own limits. */
  async limits(db: Db = this.db): Promise<{ team: BudgetLimits; own: Map<string, BudgetLimits> }> {
    const rows = await db
      .selectFrom('budgets')
      .select(['person_id', 'day_credits', 'month_credits'])
      .execute();
    const own = new Map<string, BudgetLimits>();
    let team = NO_LIMITS;
    for (const r of rows) {
      const limits = { day: r.day_credits, month: r.month_credits };
      if (r.person_id === TEAM_DEFAULT) team = limits;
      else own.set(r.person_id, limits);
    }
    return { team, own };
  }

  /**
   * Sets a person's own limits (`personId`), or the team default (null); null limits
   * there are none for that period. Returns the limits before (null: none of its own).
   */
  set(personId: string | null, limits: BudgetLimits): Promise<BudgetLimits | null> {
    return this.replace(personId ?? TEAM_DEFAULT, limits);
  }

  /** Removes a person's own limits, so the team default applies to them again. */
  clear(personId: string): Promise<BudgetLimits | null> {
    return this.replace(personId, null);
  }

  private replace(id: string, limits: BudgetLimits | null): Promise<BudgetLimits | null> {
    return this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, `budget-${id}`);
      const before = await trx
        .selectFrom('budgets')
        .select(['day_credits', 'month_credits'])
        .where('person_id', '=', id)
        .executeTakeFirst();
      await trx.deleteFrom('budgets').where('person_id', '=', id).execute();
      if (limits) {
        await trx
          .insertInto('budgets')
          .values({
            person_id: id,
            day_credits: limits.day,
            month_credits: limits.month,
            updated_ms: Date.now(),
          })
          .execute();
      }
      return before ? { day: before.day_credits, month: before.month_credits } : null;
    });
  }

  /** What each person (or the one given) spent in the current day and month. */
  async used(
    periods: BudgetPeriods,
    personId: string | null = null,
    db: Db = this.db,
  ): Promise<Map<string, { day: number; month: number }>> {
    const rows = await db
      .selectFrom('budget_charges as c')
      .leftJoin('ledger as l', 'l.handle', 'c.handle')
      .select([
        'c.person_id',
        sql<number>`SUM(CASE WHEN c.added_ms >= ${periods.dayStartMs} THEN ${COUNTED} ELSE 0 END)`.as(
          'day',
        ),
        sql<number>`SUM(${COUNTED})`.as('month'),
      ])
      .where('c.added_ms', '>=', Math.min(periods.monthStartMs, periods.dayStartMs))
      .$if(personId !== null, (q) => q.where('c.person_id', '=', personId ?? ''))
      .groupBy('c.person_id')
      .execute();
    return new Map(
      rows.map((r) => [r.person_id, { day: Number(r.day ?? 0), month: Number(r.month ?? 0) }]),
    );
  }

  /** A person's budget as it applies to them, and what they spent; null when unlimited. */
  async of(personId: string, nowMs = Date.now(), db: Db = this.db): Promise<BudgetUse | null> {
    const { team, own } = await this.limits(db);
    const mine = own.get(personId);
    const limits = mine ?? team;
    if (limits.day === null && limits.month === null) return null;
    const used = (await this.used(this.periods(nowMs), personId, db)).get(personId);
    return { limits, own: mine !== undefined, used: used ?? { day: 0, month: 0 } };
  }

  /**
   * Inside the transaction that writes a create's intent: waits for its maker's turn on
   * every replica, refuses the create (`budget_exceeded`, 403) when its estimate goes past
   * what is left of their day's or month's budget, and otherwise records the charge.
   */
  reserve(trx: Db, charge: BudgetCharge, nowMs = Date.now()): Promise<void> {
    return this.reserveAll(trx, charge.personId, [charge], nowMs);
  }

  /**
   * `reserve` for the creates of a batch, all or nothing: their estimates together must
   * fit what is left, or none is recorded (the refusal gives their total).
   */
  async reserveAll(
    trx: Db,
    personId: string,
    charges: readonly Omit<BudgetCharge, 'personId'>[],
    nowMs = Date.now(),
  ): Promise<void> {
    if (charges.length === 0) return;
    await this.d.lock(trx, `budget-${personId}`);
    const use = await this.of(personId, nowMs, trx);
    const total = charges.reduce((sum, c) => sum + c.estimate, 0);
    if (use) {
      const { limits, used } = use;
      if (limits.day !== null && used.day + total > limits.day) {
        throw exceeded('daily', limits.day, used.day, total, charges.length);
      }
      if (limits.month !== null && used.month + total > limits.month) {
        throw exceeded('monthly', limits.month, used.month, total, charges.length);
      }
    }
    await trx
      .insertInto('budget_charges')
      .values(
        charges.map((c) => ({
          handle: c.handle,
          person_id: personId,
          added_ms: nowMs,
          estimate: c.estimate,
        })),
      )
      .execute();
    // Only this month's charges count (the ledger keeps what each job cost for good): the
    // maker's older ones go, a month after it began, so the table stays a month or two deep.
    const { monthStartMs } = this.periods(nowMs);
    await trx
      .deleteFrom('budget_charges')
      .where('person_id', '=', personId)
      .where('added_ms', '<', monthStartMs - CHARGES_KEPT_BEFORE_MS)
      .execute();
  }
}
