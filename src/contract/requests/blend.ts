import { z } from 'zod';
import { base, imgUrl } from './common';

export const BLEND_ASPECT_RATIOS = ['2:3', '1:1', '3:2'] as const;

export const blendRequestSchema = z.object({
  ...base,
  imgUrls: z
    .array(imgUrl(), { error: 'must be a list of 2 to 5 image URLs' })
    .min(2, { error: 'must be a list of 2 to 5 image URLs' })
    .max(5, { error: 'must be a list of 2 to 5 image URLs' }),
  aspect_ratio: z
    .enum(BLEND_ASPECT_RATIOS, { error: 'must be one of "2:3", "1:1", "3:2"' })
    .default('1:1'),
});
export type BlendRequest = z.infer<typeof blendRequestSchema>;
