import * as z from 'zod/mini';
import { batchIndex, followUp, intChoice } from './common';
import { defineOperation, titled } from './operation';

/** The modes people choose, each at its `type` code: 0 subtle, 1 creative. */
export const UPSCALE_MODES = ['subtle', 'creative'] as const;
export type UpscaleMode = (typeof UPSCALE_MODES)[number];
export const UPSCALE_MODE_LABELS: Record<UpscaleMode, string> = {
  subtle: 'Subtle',
  creative: 'Creative',
};
/** Then 2 and 3, the deprecated v5 2x/4x modes, accepted only for `--v 5` parents. */
export const UPSCALE_TYPE_NAMES = [...UPSCALE_MODES, 'v5 2x', 'v5 4x'] as const;

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
  promptField: null,
  title: (p) => titled('Upscale', p.type === undefined ? undefined : UPSCALE_TYPE_NAMES[p.type]),
});
