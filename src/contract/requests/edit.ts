import * as z from 'zod/mini';
import { canvasSchema, followUp, gridIndex, imgPosSchema, maskSchema, prompt } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = {
  imageNo: gridIndex(),
  canvas: canvasSchema,
  imgPos: imgPosSchema,
  remixPrompt: prompt(),
  mask: z.optional(maskSchema),
};

/** Repositions and repaints the image on a custom canvas (whitelisted accounts only). */
export const editRequestSchema = z.object({ ...followUp, ...fields });
export type EditRequest = z.infer<typeof editRequestSchema>;

export const editOperation = defineOperation({
  taskType: 'edit',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['edit'],
  title: () => 'Edit',
});
