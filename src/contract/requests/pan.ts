import * as z from 'zod/mini';
import { followUp, gridIndex, intChoice, numberBetween, prompt } from './common';
import { defineOperation } from './operation';
import { PAN_DIRECTION_NAMES, PAN_SCALE } from './choices';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = {
  imageNo: gridIndex(),
  direction: intChoice(PAN_DIRECTION_NAMES),
  scale: numberBetween(PAN_SCALE.min, PAN_SCALE.max),
  remixPrompt: z.optional(prompt()),
};

export const panRequestSchema = z.object({ ...followUp, ...fields });
export type PanRequest = z.infer<typeof panRequestSchema>;

export const panOperation = defineOperation({
  taskType: 'pan',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['pan'],
  title: (p) => (p.direction === undefined ? 'Pan' : `Pan ${PAN_DIRECTION_NAMES[p.direction]}`),
});
