import * as z from 'zod/mini';
import { base, imgUrl } from './common';
import { defineOperation } from './operation';

const BLEND_ASPECT_RATIOS = ['2:3', '1:1', '3:2'] as const;

const fields = {
  imgUrls: z
    .array(imgUrl(), { error: 'must be a list of 2 to 5 image URLs' })
    .check(z.minLength(2, { error: 'must be a list of 2 to 5 image URLs' }))
    .check(z.maxLength(5, { error: 'must be a list of 2 to 5 image URLs' })),
  aspect_ratio: z._default(
    z.enum(BLEND_ASPECT_RATIOS, { error: 'must be one of "2:3", "1:1", "3:2"' }),
    '1:1',
  ),
};

export const blendRequestSchema = z.object({ ...base, ...fields });
export type BlendRequest = z.infer<typeof blendRequestSchema>;

export const blendOperation = defineOperation({
  taskType: 'blend',
  parent: 'none',
  fields,
  promptField: null,
  title: (p) => (p.imgUrls ? `Blend of ${p.imgUrls.length} images` : 'Blend'),
});
