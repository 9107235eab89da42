import * as z from 'zod/mini';
import { followUp, gridIndex, intChoice, numberBetween, prompt } from './common';
import { defineOperation } from './operation';

/** The service's codes: `direction` 0 down, 1 right, 2 up, 3 left. */
export const PAN_DIRECTION_NAMES = ['down', 'right', 'up', 'left'] as const;
export type PanDirection = (typeof PAN_DIRECTION_NAMES)[number];
/** How far a pan extends the image in its direction. */
export const PAN_SCALE = { min: 1.1, max: 3.0 } as const;

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
  promptField: 'remixPrompt',
  title: (p) => (p.direction === undefined ? 'Pan' : `Pan ${PAN_DIRECTION_NAMES[p.direction]}`),
});
