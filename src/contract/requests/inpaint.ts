import * as z from 'zod/mini';
import { followUp, gridIndex, maskSchema, prompt } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { imageNo: gridIndex(), mask: maskSchema, remixPrompt: prompt() };

export const inpaintRequestSchema = z.object({ ...followUp, ...fields });
export type InpaintRequest = z.infer<typeof inpaintRequestSchema>;

export const inpaintOperation = defineOperation({
  taskType: 'inpaint',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['inpaint'],
  title: () => 'Vary region',
});
