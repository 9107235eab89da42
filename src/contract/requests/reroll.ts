import { z } from 'zod';
import { followUp } from './common';

/** Re-runs the parent's prompt: four new images. */
export const rerollRequestSchema = z.object({ ...followUp });
export type RerollRequest = z.infer<typeof rerollRequestSchema>;
