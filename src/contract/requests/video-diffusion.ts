import { z } from 'zod';
import { base, gridIndex, intChoice, jobId, prompt } from './common';

export const VIDEO_TYPES = [0, 1] as const;
const IMAGE_URL_IN_PROMPT = /https?:\/\/\S+/i;

/** The first http(s) URL in a text-to-video prompt: the start image. */
export const startImageUrl = (p: string): string | null => IMAGE_URL_IN_PROMPT.exec(p)?.[0] ?? null;

/**
 * Two forms: image to video (`jobId` of a completed image task, `imageNo`, motion prompt
 * optional) and text to video (`prompt` holding the start image's URL).
 */
export const videoDiffusionRequestSchema = z
  .object({
    ...base,
    jobId: jobId().optional(),
    imageNo: gridIndex().default(0),
    prompt: prompt().optional(),
    videoType: intChoice(VIDEO_TYPES, ['480p', '720p']).default(0),
  })
  .superRefine((r, ctx) => {
    if (r.jobId !== undefined) return;
    if (r.prompt === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: 'is required without jobId: give a prompt that starts with an image URL',
      });
    } else if (startImageUrl(r.prompt) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: 'must contain an http:// or https:// image URL when no jobId is given',
      });
    }
  });
export type VideoDiffusionRequest = z.infer<typeof videoDiffusionRequestSchema>;
