import * as z from 'zod/mini';
import { batchIndex, followUp, intChoice, prompt } from './common';
import { defineOperation, titled } from './operation';
import { VARIATION_STRENGTHS } from './choices';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = {
  imageNo: batchIndex(),
  type: z._default(intChoice(VARIATION_STRENGTHS), 0),
  remixPrompt: z.optional(prompt()),
};

export const variationRequestSchema = z.object({ ...followUp, ...fields });
export type VariationRequest = z.infer<typeof variationRequestSchema>;

export const variationOperation = defineOperation({
  taskType: 'variation',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['variation'],
  title: (p) => titled('Vary', p.type === undefined ? undefined : VARIATION_STRENGTHS[p.type]),
});
