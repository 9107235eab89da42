import * as z from 'zod/mini';
import { batchIndex, followUp } from './common';
import { defineOperation } from './operation';

const fields = { imageNo: batchIndex() };

/** Re-renders one image of a `--v 7 --draft` batch at full quality. */
export const enhanceRequestSchema = z.object({ ...followUp, ...fields });
export type EnhanceRequest = z.infer<typeof enhanceRequestSchema>;

export const enhanceOperation = defineOperation({
  taskType: 'enhance',
  parent: 'image',
  fields,
  promptField: null,
  title: () => 'Enhance',
});
