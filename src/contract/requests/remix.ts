import * as z from 'zod/mini';
import { followUp, gridIndex, intChoice, prompt } from './common';
import { defineOperation, titled } from './operation';

/**
 * Each at its `mode` code: 0 strong changes the whole palette, 1 subtle only the
 * brightest part.
 */
export const REMIX_MODES = ['strong', 'subtle'] as const;
export type RemixMode = (typeof REMIX_MODES)[number];
export const REMIX_MODE_LABELS: Record<RemixMode, string> = {
  strong: 'Strong',
  subtle: 'Subtle',
};

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
  promptField: 'remixPrompt',
  title: (p) => titled('Remix', p.mode === undefined ? undefined : REMIX_MODES[p.mode]),
});
