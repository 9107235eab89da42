import * as z from 'zod/mini';
import { base, imgUrl } from './common';
import { defineOperation } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

/** The shapes a blend comes in, `aspect_ratio` W:H; square by default. */
export const BLEND_ASPECT_RATIOS = ['2:3', '1:1', '3:2'] as const;
export type BlendAspect = (typeof BLEND_ASPECT_RATIOS)[number];
/** How many images a blend combines. */
export const BLEND_IMAGES = { min: 2, max: 5 } as const;

const imagesError = {
  error: `must be a list of ${BLEND_IMAGES.min} to ${BLEND_IMAGES.max} image URLs`,
};

const fields = {
  imgUrls: z
    .array(imgUrl(), imagesError)
    .check(z.minLength(BLEND_IMAGES.min, imagesError))
    .check(z.maxLength(BLEND_IMAGES.max, imagesError)),
  aspect_ratio: z._default(
    z.enum(BLEND_ASPECT_RATIOS, {
      error: `must be one of ${BLEND_ASPECT_RATIOS.map((r) => `"${r}"`).join(', ')}`,
    }),
    '1:1',
  ),
};

export const blendRequestSchema = z.object({ ...base, ...fields });
export type BlendRequest = z.infer<typeof blendRequestSchema>;

export const blendOperation = defineOperation({
  taskType: 'blend',
  parent: 'none',
  fields,
  promptField: PROMPT_FIELDS['blend'],
  title: (p) => (p.imgUrls ? `Blend of ${p.imgUrls.length} images` : 'Blend'),
});
