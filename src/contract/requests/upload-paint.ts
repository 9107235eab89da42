import * as z from 'zod/mini';
import { base, canvasSchema, imgPosSchema, imgUrl, maskSchema, prompt } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

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
  promptField: PROMPT_FIELDS['upload-paint'],
  title: () => 'Upload and paint',
});
