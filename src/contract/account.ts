import * as z from 'zod/mini';

/** Account endpoints answer `{code, data, message}` on success. */
const envelopeSchema = <T extends z.ZodMiniType>(data: T) =>
  z.object({ code: z.number().check(z.int()), data, message: z.string() });

/** 400 and 500 carry `{code, message, detail?}`; 401 and 403 carry `{message}` only. */
export const accountErrorSchema = z.object({
  code: z.optional(z.number().check(z.int())),
  message: z.string(),
  detail: z.optional(z.unknown()),
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

export const accountInfoSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  is_enable: z.boolean(),
  plan: z.string(),
  type: z.string(),
  max_concurrent_task_count: z.number().check(z.int()),
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
    used_credits: z.optional(z.number()),
  }),
  api_keys: z.null(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

const stateCountsSchema = z.object({
  staged: z.number().check(z.int()),
  pending: z.number().check(z.int()),
  processing: z.number().check(z.int()),
  retry: z.number().check(z.int()),
});

export const activeTasksSchema = z.looseObject({
  account_id: z.union([z.number(), z.string()]),
  total_active: z.number().check(z.int()),
  concurrent_limit: z.number().check(z.int()),
  by_model: z.record(z.string(), stateCountsSchema),
  tasks: z.array(
    z.object({
      job_id: z.string(),
      task_type: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type ActiveTasks = z.infer<typeof activeTasksSchema>;

export const balanceEnvelopeSchema = envelopeSchema(balanceSchema);
export const accountInfoEnvelopeSchema = envelopeSchema(accountInfoSchema);
export const activeTasksEnvelopeSchema = envelopeSchema(activeTasksSchema);
