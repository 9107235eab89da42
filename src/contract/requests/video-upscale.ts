import * as z from 'zod/mini';
import { followUp, gridIndex } from './common';
import { defineOperation } from './operation';

const fields = { videoNo: gridIndex() };

export const videoUpscaleRequestSchema = z.object({ ...followUp, ...fields });
export type VideoUpscaleRequest = z.infer<typeof videoUpscaleRequestSchema>;

export const videoUpscaleOperation = defineOperation({
  taskType: 'video_upscale',
  parent: 'video',
  fields,
  promptField: null,
  title: () => 'Upscale video',
});
