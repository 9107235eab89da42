import { z } from 'zod';
import { base, gridIndex, httpUrl, jobId } from './common';
import { ENHANCE_URL_MAX } from './limits';

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** Suspended on the service (503); the schema still states its rules. */
export const enhanceUpscaleRequestSchema = z
  .object({
    ...base,
    image_url: httpUrl(ENHANCE_URL_MAX).optional(),
    jobId: jobId().optional(),
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
  })
  .superRefine((r, ctx) => {
    if (r.image_url !== undefined) return;
    if (r.jobId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['image_url'],
        message: 'is required unless jobId and imageNo are given',
      });
    } else if (r.imageNo === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['imageNo'],
        message: 'is required with jobId (an integer between 0 and 3)',
      });
    }
  });
export type EnhanceUpscaleRequest = z.infer<typeof enhanceUpscaleRequestSchema>;
