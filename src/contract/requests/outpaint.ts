import { z } from 'zod';
import { followUp, gridIndex, numberBetween, prompt } from './common';

/** Zoom out: the canvas grows by `scale` on every side. */
export const outpaintRequestSchema = z.object({
  ...followUp,
  imageNo: gridIndex(),
  scale: numberBetween(1.1, 2.0),
  remixPrompt: prompt().optional(),
});
export type OutpaintRequest = z.infer<typeof outpaintRequestSchema>;
