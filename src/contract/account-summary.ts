import { z } from 'zod';
import { handleSchema } from './studio-api';

/**
 * The account as the studio shows it (`GET /studio-api/account`, and the `account` event
 * the proxy pushes after every change): the service's three account reads in one object.
 * Amounts are in credits: 1 credit = 1 point = 0.001 USD (SPEC.md), so credits and the
 * wallet's points add up. A field the service did not send is null, never a made-up 0.
 */

const count = z.number().int().min(0);

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
  id: handleSchema.nullable(),
  /** The service's task type (`diffusion`, `video_upscale`, …). */
  operation: z.string(),
  status: z.string(),
  /** When the service created it; null when it did not say. */
  createdAt: z.string().nullable(),
});
export type ActiveTask = z.infer<typeof activeTaskSchema>;

export const accountSummarySchema = z.object({
  name: z.string().nullable(),
  plan: z.string().nullable(),
  /** The service's account type (`standard`, `whitelisted`, …). */
  accountType: z.string().nullable(),
  enabled: z.boolean().nullable(),
  /** From the balance: what can still be frozen by new tasks. */
  availableCredits: z.number(),
  availablePoints: z.number(),
  balanceUsd: z.number(),
  /** Held by running tasks: credit packs' frozen credits plus the wallet's frozen points. */
  frozenCredits: z.number().nullable(),
  /** Spent for good: credit packs' used credits plus the wallet's used points. */
  usedCredits: z.number().nullable(),
  /** The service's own low-balance alert, and the USD amount it alerts below. */
  lowBalance: z.boolean(),
  alertThresholdUsd: z.number().nullable(),
  wallet: z
    .object({ pointRemain: z.number(), pointFrozen: z.number(), pointUsed: z.number() })
    .nullable(),
  creditPack: z
    .object({
      total: z.number(),
      available: z.number(),
      frozen: z.number(),
      /** Sent by the engine; otherwise what the total leaves after available and frozen. */
      used: z.number(),
    })
    .nullable(),
  concurrencyLimit: z.number().int().nullable(),
  /** Tasks in staged, pending, processing or retry, as the service counts them. */
  activeTasks: count,
  /** Per model, per state, as the service reports them; null when it sends none. */
  byModel: z.record(z.string(), stateCountsSchema).nullable(),
  /** The unfinished tasks, oldest first, by handle. */
  tasks: z.array(activeTaskSchema),
  /** When the studio read these figures from the service. */
  readAt: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
export const accountEnvelopeSchema = z.object({ account: accountSummarySchema });
