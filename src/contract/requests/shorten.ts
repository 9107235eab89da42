import { z } from 'zod';
import { base, prompt } from './common';

export const shortenRequestSchema = z.object({ ...base, prompt: prompt() });
export type ShortenRequest = z.infer<typeof shortenRequestSchema>;
