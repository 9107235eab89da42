import * as z from 'zod/mini';
import { base, imgUrl, prompt } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { imgUrl: imgUrl(), remixPrompt: prompt() };

export const retextureRequestSchema = z.object({ ...base, ...fields });
export type RetextureRequest = z.infer<typeof retextureRequestSchema>;

export const retextureOperation = defineOperation({
  taskType: 'retexture',
  parent: 'none',
  fields,
  promptField: PROMPT_FIELDS['retexture'],
  title: () => 'Retexture',
});
