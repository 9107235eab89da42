import * as z from 'zod/mini';
import { getFlag, parsePrompt } from '../prompt-flags';
import { httpUrlsIn } from '../urls';
import { base, gridIndex, intChoice, jobId, prompt } from './common';
import { defineOperation, titled, withServiceRule } from './operation';
import { VIDEO_RESOLUTIONS } from './choices';
import { PROMPT_FIELDS } from './prompt-fields';

/** The first http(s) URL in a text-to-video prompt: the start image. */
export const startImageUrl = (p: string): string | null => httpUrlsIn(p)[0] ?? null;

const fields = {
  imageNo: z._default(gridIndex(), 0),
  prompt: z.optional(prompt()),
  videoType: z._default(intChoice(VIDEO_RESOLUTIONS), 0),
};

const isHighMotion = (p: string | undefined): boolean =>
  p !== undefined && getFlag(parsePrompt(p), 'motion')?.value === 'high';

/**
 * Two forms: image to video (a completed image task as the parent, `imageNo`, motion
 * prompt optional) and text to video (`prompt` holding the start image's URL).
 */
export const videoDiffusionOperation = defineOperation({
  taskType: 'video_diffusion',
  parent: 'optional-image',
  fields,
  promptField: PROMPT_FIELDS['video-diffusion'],
  title: (p, job) => {
    const name = job.hasParent ? 'Animate' : 'Image URL to video';
    if (p.videoType === undefined) return name;
    const size = VIDEO_RESOLUTIONS[p.videoType];
    return titled(name, isHighMotion(p.prompt) ? `${size}, high motion` : size);
  },
  rule: (p, parent, report) => {
    if (parent.given) return;
    if (p.prompt === undefined) {
      report(
        'prompt',
        `is required without ${parent.field}: give a prompt that starts with an image URL`,
      );
    } else if (startImageUrl(p.prompt) === null) {
      report(
        'prompt',
        `must contain an http:// or https:// image URL when no ${parent.field} is given`,
      );
    }
  },
});

export const videoDiffusionRequestSchema = z
  .object({ ...base, jobId: z.optional(jobId()), ...fields })
  .check(z.superRefine(withServiceRule(videoDiffusionOperation)));
export type VideoDiffusionRequest = z.infer<typeof videoDiffusionRequestSchema>;
