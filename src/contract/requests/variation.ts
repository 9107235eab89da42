import * as z from 'zod/mini';
import { batchIndex, followUp, intChoice, prompt } from './common';
import { defineOperation, titled } from './operation';

/** `type` 0 keeps close to the source, 1 moves further from it. */
const VARIATION_TYPE_NAMES = ['subtle', 'strong'] as const;

const fields = {
  imageNo: batchIndex(),
  type: z._default(intChoice([0, 1], VARIATION_TYPE_NAMES), 0),
  remixPrompt: z.optional(prompt()),
};

export const variationRequestSchema = z.object({ ...followUp, ...fields });
export type VariationRequest = z.infer<typeof variationRequestSchema>;

export const variationOperation = defineOperation({
  taskType: 'variation',
  parent: 'image',
  fields,
  promptField: 'remixPrompt',
  title: (p) => titled('Vary', p.type === undefined ? undefined : VARIATION_TYPE_NAMES[p.type]),
});
