import { z } from 'zod';
import { base, imgUrl } from './common';

export const removeBackgroundRequestSchema = z.object({ ...base, imgUrl: imgUrl() });
export type RemoveBackgroundRequest = z.infer<typeof removeBackgroundRequestSchema>;
