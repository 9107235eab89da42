import * as z from 'zod/mini';
import { followUp, gridIndex, maskSchema, prompt } from './common';
import { defineOperation } from './operation';

const fields = { imageNo: gridIndex(), mask: maskSchema, remixPrompt: prompt() };

export const inpaintRequestSchema = z.object({ ...followUp, ...fields });
export type InpaintRequest = z.infer<typeof inpaintRequestSchema>;

export const inpaintOperation = defineOperation({
  taskType: 'inpaint',
  parent: 'image',
  fields,
  promptField: 'remixPrompt',
  title: () => 'Vary region',
});
