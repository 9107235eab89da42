import type { TaskStatus, TaskType } from '@/contract/task-states';
import { TASK_TYPES } from '@/contract/task-states';
import { taskTypeLabel } from '@/web/lib/task-labels';

/** One entry of a filter's select: a named set of values, as the URL writes them. */
export interface FilterChoice<T extends string> {
  /** The select's value. */
  id: string;
  label: string;
  values: readonly T[];
}

/** Task types grouped the way people think of their work. */
export const OPERATION_GROUPS: readonly FilterChoice<TaskType>[] = [
  { id: 'new', label: 'New images', values: ['diffusion', 'blend'] },
  { id: 'upscale', label: 'Upscales', values: ['upscale', 'enhance_upscale'] },
  {
    id: 'vary',
    label: 'Variations and remixes',
    values: ['variation', 'remix', 'reroll', 'enhance'],
  },
  {
    id: 'repaint',
    label: 'Repaints and canvas edits',
    values: [
      'inpaint',
      'outpaint',
      'pan',
      'edit',
      'upload_paint',
      'retexture',
      'remove_background',
    ],
  },
  { id: 'video', label: 'Videos', values: ['video_diffusion', 'extend_video', 'video_upscale'] },
  { id: 'text', label: 'Describe and shorten', values: ['describe', 'shorten'] },
];

/** Each task type on its own, after the groups. */
export const OPERATION_TYPES: readonly FilterChoice<TaskType>[] = TASK_TYPES.map((t) => ({
  id: `type:${t}`,
  label: taskTypeLabel(t),
  values: [t],
}));

export const STATUS_CHOICES: readonly FilterChoice<TaskStatus>[] = [
  { id: 'running', label: 'Running', values: ['pending', 'staged', 'processing', 'retry'] },
  { id: 'completed', label: 'Completed', values: ['completed'] },
  { id: 'failed', label: 'Failed', values: ['failed'] },
];

/** The select's value for what the URL holds: `''` for none, `'custom'` for a set no choice names. */
export function choiceIdFor(
  values: readonly string[],
  choices: readonly FilterChoice<string>[],
): string {
  if (values.length === 0) return '';
  const wanted = new Set(values);
  const found = choices.find(
    (c) => c.values.length === wanted.size && c.values.every((v) => wanted.has(v)),
  );
  return found?.id ?? 'custom';
}

/** What a set of values is called in a summary: the choice's label, else the values. */
export function choiceLabel(
  values: readonly string[],
  choices: readonly FilterChoice<string>[],
): string {
  const id = choiceIdFor(values, choices);
  return choices.find((c) => c.id === id)?.label ?? values.map(taskTypeLabel).join(', ');
}
