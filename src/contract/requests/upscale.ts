import { z } from 'zod';
import { batchIndex, followUp, intChoice } from './common';

/** 2 and 3 are the deprecated v5 2x/4x modes, accepted only for `--v 5` parents. */
export const UPSCALE_TYPES = [0, 1, 2, 3] as const;

export const upscaleRequestSchema = z.object({
  ...followUp,
  imageNo: batchIndex(),
  type: intChoice(UPSCALE_TYPES, ['subtle', 'creative', 'v5 2x', 'v5 4x']).default(0),
});
export type UpscaleRequest = z.infer<typeof upscaleRequestSchema>;
