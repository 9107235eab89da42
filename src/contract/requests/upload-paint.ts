import { z } from 'zod';
import { base, canvasSchema, imgPosSchema, imgUrl, maskSchema, prompt } from './common';

export const uploadPaintRequestSchema = z.object({
  ...base,
  imgUrl: imgUrl(),
  canvas: canvasSchema,
  imgPos: imgPosSchema,
  mask: maskSchema,
  remixPrompt: prompt(),
});
export type UploadPaintRequest = z.infer<typeof uploadPaintRequestSchema>;
