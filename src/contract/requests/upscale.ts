import * as z from 'zod/mini';
import { batchIndex, followUp, intChoice } from './common';
import { defineOperation, titled } from './operation';

/** 2 and 3 are the deprecated v5 2x/4x modes, accepted only for `--v 5` parents. */
const UPSCALE_TYPES = [0, 1, 2, 3] as const;
const UPSCALE_TYPE_NAMES = ['subtle', 'creative', 'v5 2x', 'v5 4x'] as const;

const fields = {
  imageNo: batchIndex(),
  type: z._default(intChoice(UPSCALE_TYPES, UPSCALE_TYPE_NAMES), 0),
};

export const upscaleRequestSchema = z.object({ ...followUp, ...fields });
export type UpscaleRequest = z.infer<typeof upscaleRequestSchema>;

export const upscaleOperation = defineOperation({
  taskType: 'upscale',
  parent: 'image',
  fields,
  promptField: null,
  title: (p) => titled('Upscale', p.type === undefined ? undefined : UPSCALE_TYPE_NAMES[p.type]),
});
