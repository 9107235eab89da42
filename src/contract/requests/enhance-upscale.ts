import * as z from 'zod/mini';
import { base, gridIndex, httpUrl, jobId } from './common';
import { ENHANCE_URL_MAX } from './limits';
import { defineOperation, withServiceRule } from './operation';
import { PROMPT_FIELDS } from './prompt-fields';

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

const source = { image_url: z.optional(httpUrl(ENHANCE_URL_MAX)) };
const options = {
  imageNo: z.optional(gridIndex()),
  aspect_ratio: z.optional(
    choice(['keep', '1:1', '16:9', '9:16', '4:5', '5:4', '3:2', '2:3', '4:3', '3:4']),
  ),
  content_type: z.optional(choice(['photo', 'illustration', 'text', 'low_res', 'standard'])),
  crop_mode: z.optional(choice(['letterbox', 'crop'])),
  face_enhancement_level: z.optional(choice(['off', 'none', 'subtle', 'moderate', 'strong'])),
  output_format: z.optional(choice(['jpeg', 'jpg', 'png', 'tiff', 'tif'])),
  target_resolution: z.optional(choice(['HD', 'FHD', '2K', '4K', '6K', '8K', '12K'])),
  webhook_endpoint: z.optional(z.string()),
  webhook_schema: z.optional(z.string()),
  webhook_secret: z.optional(z.string()),
};

export const enhanceUpscaleOperation = defineOperation({
  taskType: 'enhance_upscale',
  parent: 'optional-image',
  fields: { ...source, ...options },
  promptField: PROMPT_FIELDS['enhance-upscale'],
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
  .object({ ...base, ...source, jobId: z.optional(jobId()), ...options })
  .check(z.superRefine(withServiceRule(enhanceUpscaleOperation)));
export type EnhanceUpscaleRequest = z.infer<typeof enhanceUpscaleRequestSchema>;
