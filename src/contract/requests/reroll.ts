import * as z from 'zod/mini';
import { followUp } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = {};

/** Re-runs the parent's prompt: four new images. */
export const rerollRequestSchema = z.object({ ...followUp, ...fields });
export type RerollRequest = z.infer<typeof rerollRequestSchema>;

export const rerollOperation = defineOperation({
  taskType: 'reroll',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['reroll'],
  title: () => 'Reroll',
});
