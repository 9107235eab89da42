import { z } from 'zod';
import { batchIndex, followUp } from './common';

/** Re-renders one image of a `--v 7 --draft` batch at full quality. */
export const enhanceRequestSchema = z.object({ ...followUp, imageNo: batchIndex() });
export type EnhanceRequest = z.infer<typeof enhanceRequestSchema>;
