import * as z from 'zod/mini';
import { base, imgUrl } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const fields = { imgUrl: imgUrl() };

export const describeRequestSchema = z.object({ ...base, ...fields });
export type DescribeRequest = z.infer<typeof describeRequestSchema>;

export const describeOperation = defineOperation({
  taskType: 'describe',
  parent: 'none',
  fields,
  promptField: PROMPT_FIELDS['describe'],
  title: () => 'Describe image',
});
