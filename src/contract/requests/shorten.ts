import * as z from 'zod/mini';
import { base, prompt } from './common';
import { defineOperation } from './operation';

const fields = { prompt: prompt() };

export const shortenRequestSchema = z.object({ ...base, ...fields });
export type ShortenRequest = z.infer<typeof shortenRequestSchema>;

export const shortenOperation = defineOperation({
  taskType: 'shorten',
  parent: 'none',
  fields,
  promptField: 'prompt',
  title: () => 'Shorten prompt',
});
