import * as z from 'zod/mini';
import { base, canvasSchema, imgPosSchema, imgUrl, maskSchema, prompt } from './common';
import { defineOperation } from './operation';

const fields = {
  imgUrl: imgUrl(),
  canvas: canvasSchema,
  imgPos: imgPosSchema,
  mask: maskSchema,
  remixPrompt: prompt(),
};

export const uploadPaintRequestSchema = z.object({ ...base, ...fields });
export type UploadPaintRequest = z.infer<typeof uploadPaintRequestSchema>;

export const uploadPaintOperation = defineOperation({
  taskType: 'upload_paint',
  parent: 'none',
  fields,
  promptField: 'remixPrompt',
  title: () => 'Upload and paint',
});
