import { z } from 'zod';
import { base, imgUrl } from './common';

export const describeRequestSchema = z.object({ ...base, imgUrl: imgUrl() });
export type DescribeRequest = z.infer<typeof describeRequestSchema>;
