import * as z from 'zod/mini';

/**
 * Credit budgets: an admin sets, per person, the most they may spend in a local day and
 * in a local month of the studio's time zone, and a team default for everyone without
 * their own. Null: no limit for that period. Credits as the price table counts them.
 */

/** The most a budget may be: far beyond any team's spending, far below 2^53. */
const MAX_BUDGET = 1_000_000_000;

const limitSchema = z.nullable(
  z
    .number({ error: 'must be a number of credits, or null for no limit' })
    .check(
      z.gte(0, { error: 'must be 0 or more credits, or null for no limit' }),
      z.lte(MAX_BUDGET, { error: `must be at most ${MAX_BUDGET} credits` }),
    ),
);

/** `PUT /studio-api/budgets/default` and `PUT /studio-api/budgets/:personId`. */
export const budgetChangeSchema = z.strictObject({ day: limitSchema, month: limitSchema });
export type BudgetLimits = z.infer<typeof budgetChangeSchema>;

/** What a person spent in this day and month, in credits. */
const usedSchema = z.object({ day: z.number(), month: z.number() });

/** A person's budget as it applies to them: their own, else the team default. */
const budgetUseSchema = z.object({
  limits: budgetChangeSchema,
  /** Whether the limits are the person's own rather than the team default. */
  own: z.boolean(),
  used: usedSchema,
});
export type BudgetUse = z.infer<typeof budgetUseSchema>;

/** `GET /studio-api/budgets`: the team default and everyone's budget and spending. */
export const budgetsSchema = z.object({
  budgets: z.object({
    timeZone: z.string(),
    /** The local day and month the usage counts: `2026-11-27`, `2026-11`. */
    day: z.string(),
    month: z.string(),
    default: budgetChangeSchema,
    people: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        role: z.string(),
        budget: budgetUseSchema,
      }),
    ),
  }),
});
export type Budgets = z.infer<typeof budgetsSchema>['budgets'];

/** `GET /studio-api/me`'s budget: null when neither period is limited. */
export const myBudgetSchema = z.nullable(budgetUseSchema);
