import * as z from 'zod/mini';
import { followUp, gridIndex, intChoice, prompt } from './common';
import { defineOperation, titled } from './operation';

/** `mode` 0 changes the whole palette, 1 only the brightest part. */
const REMIX_MODE_NAMES = ['strong', 'subtle'] as const;

const fields = {
  imageNo: gridIndex(),
  remixPrompt: prompt(),
  mode: z._default(intChoice([0, 1], REMIX_MODE_NAMES), 0),
};

export const remixRequestSchema = z.object({ ...followUp, ...fields });
export type RemixRequest = z.infer<typeof remixRequestSchema>;

export const remixOperation = defineOperation({
  taskType: 'remix',
  parent: 'image',
  fields,
  promptField: 'remixPrompt',
  title: (p) => titled('Remix', p.mode === undefined ? undefined : REMIX_MODE_NAMES[p.mode]),
});
