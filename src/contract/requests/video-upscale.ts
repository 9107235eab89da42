import { z } from 'zod';
import { followUp, gridIndex } from './common';

export const videoUpscaleRequestSchema = z.object({ ...followUp, videoNo: gridIndex() });
export type VideoUpscaleRequest = z.infer<typeof videoUpscaleRequestSchema>;
