import * as z from 'zod/mini';
import { followUp, gridIndex, intChoice, prompt } from './common';
import { defineOperation, titled } from './operation';
import { REMIX_MODES } from './choices';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = {
  imageNo: gridIndex(),
  remixPrompt: prompt(),
  mode: z._default(intChoice(REMIX_MODES), 0),
};

export const remixRequestSchema = z.object({ ...followUp, ...fields });
export type RemixRequest = z.infer<typeof remixRequestSchema>;

export const remixOperation = defineOperation({
  taskType: 'remix',
  parent: 'image',
  fields,
  promptField: PROMPT_FIELDS['remix'],
  title: (p) => titled('Remix', p.mode === undefined ? undefined : REMIX_MODES[p.mode]),
});
