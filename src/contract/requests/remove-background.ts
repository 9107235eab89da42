import * as z from 'zod/mini';
import { base, imgUrl } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { imgUrl: imgUrl() };

export const removeBackgroundRequestSchema = z.object({ ...base, ...fields });
export type RemoveBackgroundRequest = z.infer<typeof removeBackgroundRequestSchema>;

export const removeBackgroundOperation = defineOperation({
  taskType: 'remove_background',
  parent: 'none',
  fields,
  promptField: PROMPT_FIELDS['remove-background'],
  title: () => 'Remove background',
});
