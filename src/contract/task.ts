import * as z from 'zod/mini';
import { TASK_STATUSES, TASK_TYPES } from './task-states';

// The states and types themselves, without a schema, are in task-states.ts (the browser's
// first page reads them without loading zod).
export { TASK_STATUSES, TASK_TYPES, isTerminal } from './task-states';
export type { TaskStatus, TaskType } from './task-states';

export const taskStatusSchema = z.enum(TASK_STATUSES);
export const taskTypeSchema = z.enum(TASK_TYPES);

/** The model family the service runs; the real service says `midjourney`. */
export const MODEL_NAME = 'midjourney';

/** Follow-up actions that name one image of a parent by index. */
export const INDEXED_ACTIONS = [
  'upscale',
  'variation',
  'remix',
  'inpaint',
  'outpaint',
  'pan',
  'edit',
  'enhance',
] as const;
export type IndexedAction = (typeof INDEXED_ACTIONS)[number];

const indexList = z.array(z.number().check(z.int()).check(z.minimum(0)));
export const availableActionsSchema = z.looseObject({
  upscale: z.optional(indexList),
  variation: z.optional(indexList),
  remix: z.optional(indexList),
  inpaint: z.optional(indexList),
  outpaint: z.optional(indexList),
  pan: z.optional(indexList),
  edit: z.optional(indexList),
  enhance: z.optional(indexList),
  reroll: z.optional(z.boolean()),
});
export type AvailableActions = z.infer<typeof availableActionsSchema>;

const imageOutputSchema = z.object({
  image_url: z.string(),
  // A single-image result may come with `image_urls: null`.
  image_urls: z.pipe(
    z.transform((v) => v ?? []),
    z.array(z.string()),
  ),
  seed: z.string(),
  available_actions: z.optional(availableActionsSchema),
});
export type ImageOutput = z.infer<typeof imageOutputSchema>;

const videoOutputSchema = z.object({
  video_urls: z.array(z.string()).check(z.minLength(1)),
  seed: z.string(),
});
export type VideoOutput = z.infer<typeof videoOutputSchema>;

const textOutputSchema = z.object({
  prompts: z.array(z.string()),
  promptEn: z.optional(z.string()),
  description: z.optional(z.string()),
  finalPrompt: z.optional(z.string()),
});
export type TextOutput = z.infer<typeof textOutputSchema>;

const taskOutputSchema = z.union([videoOutputSchema, textOutputSchema, imageOutputSchema]);
export type TaskOutput = z.infer<typeof taskOutputSchema>;

export const isVideoOutput = (o: TaskOutput): o is VideoOutput => 'video_urls' in o;
export const isTextOutput = (o: TaskOutput): o is TextOutput => 'prompts' in o;
export const isImageOutput = (o: TaskOutput): o is ImageOutput => 'image_urls' in o;

/** The real service sends `""` or year 1 for times that have not happened yet. */
const optionalTime = z.pipe(
  z.transform((v) =>
    v === '' || v === undefined || (typeof v === 'string' && v.startsWith('0001-')) ? null : v,
  ),
  z.nullable(z.string()),
);

const usageSchema = z.object({
  type: z.string(),
  frozen: z.number().check(z.int()),
  consume: z.number().check(z.int()),
});

const taskMetaSchema = z.object({
  created_at: optionalTime,
  started_at: optionalTime,
  ended_at: optionalTime,
  usage: usageSchema,
});

const taskErrorSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string(),
  raw_message: z._default(z.string(), ''),
  detail: z._default(z.unknown(), null),
});
export type TaskError = z.infer<typeof taskErrorSchema>;

export const NO_ERROR: TaskError = { code: 0, message: '', raw_message: '', detail: null };

const taskConfigSchema = z.object({
  service_mode: z.string(),
  webhook_config: z.object({ endpoint: z.string(), secret: z.string() }),
});

/** A pending task on the real service may carry an output object of empty strings. */
const isEmptyOutput = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  Object.values(v).every((x) => x === '' || x === null || (Array.isArray(x) && x.length === 0));

/**
 * The TaskResponse (docs/service-interface.md#taskresponse), parsed tolerantly: it accepts
 * the variants of the real service (docs/service-interface.md#hosted-service-quirks) and
 * normalises them, so code after the parse sees one shape.
 */
export const taskResponseSchema = z.object({
  job_id: z.string(),
  model: z.string(),
  task_type: z.union([taskTypeSchema, z.literal('')]),
  status: taskStatusSchema,
  config: z._default(taskConfigSchema, {
    service_mode: '',
    webhook_config: { endpoint: '', secret: '' },
  }),
  input: z._default(z.nullable(z.record(z.string(), z.unknown())), null),
  output: z.pipe(
    z.transform((v) => (v === undefined || isEmptyOutput(v) ? null : v)),
    z.nullable(taskOutputSchema),
  ),
  meta: z._default(z.nullable(taskMetaSchema), null),
  detail: z._default(z.unknown(), null),
  logs: z.pipe(
    z.transform((v) => v ?? []),
    z.array(z.string()),
  ),
  error: z.pipe(
    z.transform((v) => v ?? NO_ERROR),
    taskErrorSchema,
  ),
});
export type TaskResponse = z.infer<typeof taskResponseSchema>;

/** Percent complete from the last `progress N%` log line, as the engine writes them. */
export function progressFromLogs(logs: readonly string[]): number | null {
  for (let i = logs.length - 1; i >= 0; i--) {
    const m = /progress (\d{1,3})%/.exec(logs[i] ?? '');
    if (m) return Math.min(100, Number(m[1]));
  }
  return null;
}
