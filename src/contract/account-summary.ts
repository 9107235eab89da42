import * as z from 'zod/mini';
import { handleSchema } from './studio-api';

/**
 * The account as the studio shows it (`GET /studio-api/account`, and the `account` event
 * the proxy pushes after every change): the service's three account reads in one object.
 * Amounts are in credits: 1 credit = 1 point = 0.001 USD
 * (docs/service-interface.md#costs), so credits and the wallet's points add up. A field the
 * service did not send is null, never a made-up 0.
 */

const count = z.number().check(z.int()).check(z.minimum(0));

const stateCountsSchema = z.object({
  staged: count,
  pending: count,
  processing: count,
  retry: count,
});
export type StateCounts = z.infer<typeof stateCountsSchema>;

/** One unfinished task of the account. */
const activeTaskSchema = z.object({
  /** The studio's handle; null for a task another client made with the same key. */
  id: z.nullable(handleSchema),
  /** The service's task type (`diffusion`, `video_upscale`, …). */
  operation: z.string(),
  status: z.string(),
  /** When the service created it; null when it did not say. */
  createdAt: z.nullable(z.string()),
});
export type ActiveTask = z.infer<typeof activeTaskSchema>;

export const accountSummarySchema = z.object({
  name: z.nullable(z.string()),
  plan: z.nullable(z.string()),
  /** The service's account type (`standard`, `whitelisted`, …). */
  accountType: z.nullable(z.string()),
  enabled: z.nullable(z.boolean()),
  /** From the balance: what can still be frozen by new tasks. */
  availableCredits: z.number(),
  availablePoints: z.number(),
  balanceUsd: z.number(),
  /** Held by running tasks: credit packs' frozen credits plus the wallet's frozen points. */
  frozenCredits: z.nullable(z.number()),
  /** Spent for good: credit packs' used credits plus the wallet's used points. */
  usedCredits: z.nullable(z.number()),
  /** The service's own low-balance alert, and the USD amount it alerts below. */
  lowBalance: z.boolean(),
  alertThresholdUsd: z.nullable(z.number()),
  wallet: z.nullable(
    z.object({ pointRemain: z.number(), pointFrozen: z.number(), pointUsed: z.number() }),
  ),
  creditPack: z.nullable(
    z.object({
      total: z.number(),
      available: z.number(),
      frozen: z.number(),
      /** Sent by the engine; otherwise what the total leaves after available and frozen. */
      used: z.number(),
    }),
  ),
  concurrencyLimit: z.nullable(z.number().check(z.int())),
  /** Tasks in staged, pending, processing or retry, as the service counts them. */
  activeTasks: count,
  /** Per model, per state, as the service reports them; null when it sends none. */
  byModel: z.nullable(z.record(z.string(), stateCountsSchema)),
  /** The unfinished tasks, oldest first, by handle. */
  tasks: z.array(activeTaskSchema),
  /** When the studio read these figures from the service. */
  readAt: z.string(),
  /** Creates waiting in the studio's own queue, not sent to the service yet. */
  studioQueued: z.optional(count),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
export const accountEnvelopeSchema = z.object({ account: accountSummarySchema });
