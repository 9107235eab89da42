import { z } from 'zod';
import { canvasSchema, followUp, gridIndex, imgPosSchema, maskSchema, prompt } from './common';

/** Repositions and repaints the image on a custom canvas (whitelisted accounts only). */
export const editRequestSchema = z.object({
  ...followUp,
  imageNo: gridIndex(),
  canvas: canvasSchema,
  imgPos: imgPosSchema,
  remixPrompt: prompt(),
  mask: maskSchema.optional(),
});
export type EditRequest = z.infer<typeof editRequestSchema>;
