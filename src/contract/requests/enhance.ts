import * as z from 'zod/mini';
import { batchIndex, followUp } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { imageNo: batchIndex() };

/** Re-renders one image of a `--v 7 --draft` batch at full quality. */
export const enhanceRequestSchema = z.object({ ...followUp, ...fields });
export type EnhanceRequest = z.infer<typeof enhanceRequestSchema>;

export const enhanceOperation = defineOperation({
  taskType: 'enhance',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['enhance'],
  title: () => 'Enhance',
});
