import * as z from 'zod/mini';
import { followUp, gridIndex, numberBetween, prompt } from './common';
import { defineOperation, times } from './operation';
import { OUTPAINT_SCALE } from './choices';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = {
  imageNo: gridIndex(),
  scale: numberBetween(OUTPAINT_SCALE.min, OUTPAINT_SCALE.max),
  remixPrompt: z.optional(prompt()),
};

/** Zoom out: the canvas grows by `scale` on every side. */
export const outpaintRequestSchema = z.object({ ...followUp, ...fields });
export type OutpaintRequest = z.infer<typeof outpaintRequestSchema>;

export const outpaintOperation = defineOperation({
  taskType: 'outpaint',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['outpaint'],
  title: (p) => (p.scale === undefined ? 'Zoom out' : `Zoom out ${times(p.scale)}`),
});
