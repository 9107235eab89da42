/** A task's states, from creation to its end (`completed` or `failed`). */
export const TASK_STATUSES = [
  'pending',
  'staged',
  'processing',
  'retry',
  'completed',
  'failed',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'failed'];
export const isTerminal = (status: TaskStatus): boolean => TERMINAL_STATUSES.includes(status);

/** The service's task types, one per operation. */
export const TASK_TYPES = [
  'diffusion',
  'upscale',
  'reroll',
  'variation',
  'inpaint',
  'outpaint',
  'pan',
  'edit',
  'remix',
  'enhance',
  'upload_paint',
  'retexture',
  'remove_background',
  'shorten',
  'describe',
  'blend',
  'video_diffusion',
  'extend_video',
  'video_upscale',
  'enhance_upscale',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];
