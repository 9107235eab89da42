import * as z from 'zod/mini';
import { followUp, gridIndex, prompt } from './common';
import { defineOperation } from './operation';

const fields = { videoNo: gridIndex(), prompt: prompt() };

export const extendVideoRequestSchema = z.object({ ...followUp, ...fields });
export type ExtendVideoRequest = z.infer<typeof extendVideoRequestSchema>;

export const extendVideoOperation = defineOperation({
  taskType: 'extend_video',
  parent: 'video',
  fields,
  promptField: 'prompt',
  title: () => 'Extend video',
});
