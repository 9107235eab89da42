import { z } from 'zod';
import { base, prompt } from './common';

/** Text to image; model parameters are `--flags` inside `text`. */
export const diffusionRequestSchema = z.object({ ...base, text: prompt() });
export type DiffusionRequest = z.infer<typeof diffusionRequestSchema>;
