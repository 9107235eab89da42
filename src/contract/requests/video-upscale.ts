import * as z from 'zod/mini';
import { followUp, gridIndex } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { videoNo: gridIndex() };

export const videoUpscaleRequestSchema = z.object({ ...followUp, ...fields });
export type VideoUpscaleRequest = z.infer<typeof videoUpscaleRequestSchema>;

export const videoUpscaleOperation = defineOperation({
  taskType: 'video_upscale',
  parent: 'video',
  fields,
  promptField: PROMPT_FIELDS['video-upscale'],
  title: () => 'Upscale video',
});
