import * as z from 'zod/mini';
import { batchIndex, followUp, intChoice } from './common';
import { defineOperation, titled } from './operation';
import { UPSCALE_TYPE_NAMES } from './choices';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = {
  imageNo: batchIndex(),
  type: z._default(intChoice(UPSCALE_TYPE_NAMES), 0),
};

export const upscaleRequestSchema = z.object({ ...followUp, ...fields });
export type UpscaleRequest = z.infer<typeof upscaleRequestSchema>;

export const upscaleOperation = defineOperation({
  taskType: 'upscale',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['upscale'],
  title: (p) => titled('Upscale', p.type === undefined ? undefined : UPSCALE_TYPE_NAMES[p.type]),
});
