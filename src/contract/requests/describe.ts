import * as z from 'zod/mini';
import { base, imgUrl } from './common';
import { defineOperation } from './operation';

const fields = { imgUrl: imgUrl() };

export const describeRequestSchema = z.object({ ...base, ...fields });
export type DescribeRequest = z.infer<typeof describeRequestSchema>;

export const describeOperation = defineOperation({
  taskType: 'describe',
  parent: 'none',
  fields,
  promptField: null,
  title: () => 'Describe image',
});
