import { z } from 'zod';
import { followUp, gridIndex, prompt } from './common';

export const extendVideoRequestSchema = z.object({
  ...followUp,
  videoNo: gridIndex(),
  prompt: prompt(),
});
export type ExtendVideoRequest = z.infer<typeof extendVideoRequestSchema>;
