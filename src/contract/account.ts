import { z } from 'zod';

/** Account endpoints answer `{code, data, message}` on success. */
const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), data, message: z.string() });

/** 400 and 500 carry `{code, message, detail?}`; 401 and 403 carry `{message}` only. */
export const accountErrorSchema = z.object({
  code: z.number().int().optional(),
  message: z.string(),
  detail: z.unknown().optional(),
});

export const balanceSchema = z.object({
  account_id: z.union([z.number(), z.string()]),
  balance_usd: z.number(),
  available_credits: z.number(),
  available_points: z.number(),
  alert_threshold: z.number(),
  low_balance_alert: z.boolean(),
  updated_at: z.string(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const accountInfoSchema = z
  .object({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    is_enable: z.boolean(),
    plan: z.string(),
    type: z.string(),
    max_concurrent_task_count: z.number().int(),
    wallet: z.object({
      point_remain: z.number(),
      point_frozen: z.number(),
      point_used: z.number(),
    }),
    credit_pack_info: z.object({
      total_credits: z.number(),
      available_credits: z.number(),
      frozen_credits: z.number(),
      /** Sent by the engine (an extension); the hosted service leaves it out. */
      used_credits: z.number().optional(),
    }),
    api_keys: z.null(),
  })
  .loose();
export type AccountInfo = z.infer<typeof accountInfoSchema>;

const stateCountsSchema = z.object({
  staged: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  retry: z.number().int(),
});

export const activeTasksSchema = z
  .object({
    account_id: z.union([z.number(), z.string()]),
    total_active: z.number().int(),
    concurrent_limit: z.number().int(),
    by_model: z.record(z.string(), stateCountsSchema),
    tasks: z.array(
      z.object({
        job_id: z.string(),
        task_type: z.string(),
        status: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .loose();
export type ActiveTasks = z.infer<typeof activeTasksSchema>;

export const balanceEnvelopeSchema = envelopeSchema(balanceSchema);
export const accountInfoEnvelopeSchema = envelopeSchema(accountInfoSchema);
export const activeTasksEnvelopeSchema = envelopeSchema(activeTasksSchema);
