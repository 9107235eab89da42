import { z } from 'zod';
import { followUp, gridIndex, intChoice, prompt } from './common';

export const remixRequestSchema = z.object({
  ...followUp,
  imageNo: gridIndex(),
  remixPrompt: prompt(),
  mode: intChoice([0, 1], ['strong', 'subtle']).default(0),
});
export type RemixRequest = z.infer<typeof remixRequestSchema>;
