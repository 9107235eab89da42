import * as z from 'zod/mini';
import { isDraft, parsePrompt } from '../prompt-flags';
import { base, prompt } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { text: prompt() };

/** Text to image; model parameters are `--flags` inside `text`. */
export const diffusionRequestSchema = z.object({ ...base, ...fields });
export type DiffusionRequest = z.infer<typeof diffusionRequestSchema>;

export const diffusionOperation = defineOperation({
  taskType: 'diffusion',
  parent: 'none',
  fields,
  promptField: PROMPT_FIELDS['diffusion'],
  title: (_p, job) => (isDraft(parsePrompt(job.prompt)) ? 'Draft batch' : 'Imagine'),
});
