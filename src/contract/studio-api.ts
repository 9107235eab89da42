import { z } from 'zod';
import { OPERATION_NAMES, type OperationName } from './operations';
import { availableActionsSchema, taskStatusSchema, taskTypeSchema } from './task';

/**
 * The studio's own browser API (`/studio-api/*`). The browser never sees an upstream job
 * UUID: jobs are named by short handles that are not UUID-shaped.
 */
export const HANDLE_RE = /^[A-Za-z0-9_-]{10,16}$/;
export const handleSchema = z.string().regex(HANDLE_RE, { error: 'must be a job handle' });

export const mediaItemSchema = z.object({
  /** Same-origin URL, `/media/<handle>/<n>`. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const studioErrorSchema = z.object({
  /** HTTP status of the failure (upstream's, or the studio's own). */
  status: z.number().int(),
  /** Stable machine code: `insufficient_quota`, `rate_limited`, `invalid_request`, ... */
  code: z.string(),
  message: z.string(),
  /** What the user can do about it. */
  hint: z.string().nullable(),
  retryAfterS: z.number().nullable(),
});
export type StudioError = z.infer<typeof studioErrorSchema>;

export const jobOutputSchema = z.object({
  /** The composite grid, when the task made one. */
  grid: mediaItemSchema.nullable(),
  images: z.array(mediaItemSchema),
  videos: z.array(mediaItemSchema),
  prompts: z.array(z.string()),
  seed: z.string().nullable(),
  actions: availableActionsSchema,
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

export const jobSchema = z.object({
  id: handleSchema,
  parentId: handleSchema.nullable(),
  /** Which image of the parent this job derives from. */
  parentIndex: z.number().int().nullable(),
  operation: taskTypeSchema,
  prompt: z.string(),
  status: taskStatusSchema,
  progress: z.number().min(0).max(100),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  cost: z.object({ frozen: z.number(), consumed: z.number(), unit: z.string() }),
  output: jobOutputSchema.nullable(),
  error: studioErrorSchema.nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({
  jobs: z.array(jobSchema),
  nextCursor: z.string().nullable(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobListQuerySchema = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * A create from the browser: the operation, the parent's handle for follow-ups, and the
 * operation's fields without `jobId` and `callback`, which the proxy fills.
 */
export const createJobSchema = z.object({
  operation: z.enum(OPERATION_NAMES as [OperationName, ...OperationName[]], {
    error: `must be one of ${OPERATION_NAMES.join(', ')}`,
  }),
  parentId: handleSchema.optional(),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type CreateJob = z.infer<typeof createJobSchema>;

export const jobEnvelopeSchema = z.object({ job: jobSchema });
export const errorEnvelopeSchema = z.object({ error: studioErrorSchema });

export const accountSummarySchema = z.object({
  name: z.string(),
  plan: z.string(),
  availableCredits: z.number(),
  availablePoints: z.number(),
  frozenCredits: z.number(),
  usedPoints: z.number(),
  balanceUsd: z.number(),
  lowBalance: z.boolean(),
  concurrencyLimit: z.number().int(),
  activeTasks: z.number().int(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
export const accountEnvelopeSchema = z.object({ account: accountSummarySchema });
