import * as z from 'zod/mini';
import { base, prompt } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { prompt: prompt() };

export const shortenRequestSchema = z.object({ ...base, ...fields });
export type ShortenRequest = z.infer<typeof shortenRequestSchema>;

export const shortenOperation = defineOperation({
  taskType: 'shorten',
  parent: 'none',
  fields,
  promptField: PROMPT_FIELDS['shorten'],
  title: () => 'Shorten prompt',
});
