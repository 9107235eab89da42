import { z } from 'zod';
import { followUp, gridIndex, maskSchema, prompt } from './common';

export const inpaintRequestSchema = z.object({
  ...followUp,
  imageNo: gridIndex(),
  mask: maskSchema,
  remixPrompt: prompt(),
});
export type InpaintRequest = z.infer<typeof inpaintRequestSchema>;
