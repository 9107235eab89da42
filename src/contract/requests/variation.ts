import { z } from 'zod';
import { batchIndex, followUp, intChoice, prompt } from './common';

export const variationRequestSchema = z.object({
  ...followUp,
  imageNo: batchIndex(),
  type: intChoice([0, 1], ['subtle', 'strong']).default(0),
  remixPrompt: prompt().optional(),
});
export type VariationRequest = z.infer<typeof variationRequestSchema>;
