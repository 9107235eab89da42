import * as z from 'zod/mini';
import { batchIndex, followUp, intChoice, prompt } from './common';
import { defineOperation, titled } from './operation';

/** How far the images move from the source, each at its `type` code: 0 subtle, 1 strong. */
export const VARIATION_STRENGTHS = ['subtle', 'strong'] as const;
export type VariationStrength = (typeof VARIATION_STRENGTHS)[number];
export const VARIATION_STRENGTH_LABELS: Record<VariationStrength, string> = {
  subtle: 'Subtle',
  strong: 'Strong',
};

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
  promptField: 'remixPrompt',
  title: (p) => titled('Vary', p.type === undefined ? undefined : VARIATION_STRENGTHS[p.type]),
});
