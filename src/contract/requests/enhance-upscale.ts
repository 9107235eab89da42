import { z } from 'zod';
import { base, gridIndex, httpUrl, jobId } from './common';
import { ENHANCE_URL_MAX } from './limits';
import { defineOperation, withServiceRule } from './operation';

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

const source = { image_url: httpUrl(ENHANCE_URL_MAX).optional() };
const options = {
  imageNo: gridIndex().optional(),
  aspect_ratio: choice([
    'keep',
    '1:1',
    '16:9',
    '9:16',
    '4:5',
    '5:4',
    '3:2',
    '2:3',
    '4:3',
    '3:4',
  ]).optional(),
  content_type: choice(['photo', 'illustration', 'text', 'low_res', 'standard']).optional(),
  crop_mode: choice(['letterbox', 'crop']).optional(),
  face_enhancement_level: choice(['off', 'none', 'subtle', 'moderate', 'strong']).optional(),
  output_format: choice(['jpeg', 'jpg', 'png', 'tiff', 'tif']).optional(),
  target_resolution: choice(['HD', 'FHD', '2K', '4K', '6K', '8K', '12K']).optional(),
  webhook_endpoint: z.string().optional(),
  webhook_schema: z.string().optional(),
  webhook_secret: z.string().optional(),
};

export const enhanceUpscaleOperation = defineOperation({
  taskType: 'enhance_upscale',
  parent: 'optional-image',
  fields: { ...source, ...options },
  promptField: null,
  title: () => 'Enhance upscale',
  rule: (r, parent, report) => {
    if (r.image_url !== undefined) return;
    if (!parent.given) {
      report('image_url', `is required unless ${parent.field} and imageNo are given`);
    } else if (r.imageNo === undefined) {
      report('imageNo', `is required with ${parent.field} (an integer between 0 and 3)`);
    }
  },
});

/** Suspended on the service (503); the schema still states its rules. */
export const enhanceUpscaleRequestSchema = z
  .object({ ...base, ...source, jobId: jobId().optional(), ...options })
  .superRefine(withServiceRule(enhanceUpscaleOperation));
export type EnhanceUpscaleRequest = z.infer<typeof enhanceUpscaleRequestSchema>;
