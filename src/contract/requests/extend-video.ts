import * as z from 'zod/mini';
import { followUp, gridIndex, prompt } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { videoNo: gridIndex(), prompt: prompt() };

export const extendVideoRequestSchema = z.object({ ...followUp, ...fields });
export type ExtendVideoRequest = z.infer<typeof extendVideoRequestSchema>;

export const extendVideoOperation = defineOperation({
  taskType: 'extend_video',
  parent: 'video',
  fields,
  promptField: PROMPT_FIELDS['extend-video'],
  title: () => 'Extend video',
});
