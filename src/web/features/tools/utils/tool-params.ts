import type { OperationName } from '@/contract/operations';
import { type VideoMotion, withMotion } from '@/contract/prompt-flags';
import type { BlendAspect } from '@/contract/requests/blend';
import { imgUrl } from '@/contract/requests/common';
import { codeOf, VIDEO_RESOLUTIONS, type VideoResolution } from '@/contract/requests/choices';
import { createRequest } from '@/contract/create-request';
import type { CreateJobRequest, CreateParams } from '@/contract/create-job-schema';
import type { FieldIssues } from '@/web/jobs/utils/validate-params';
import { checkParams } from '@/web/jobs/utils/validate-params';

/** The create a tool's fields make, and what is wrong with it (null: ready to send). */
export interface ToolCheck {
  body: CreateJobRequest;
  issues: FieldIssues | null;
}

const check = <N extends OperationName>(operation: N, params: CreateParams<N>): ToolCheck => {
  const result = checkParams(operation, params ?? {});
  return { body: createRequest(operation, params), issues: result.ok ? null : result.issues };
};

export const describeCreate = (url: string): ToolCheck => check('describe', { imgUrl: url.trim() });

export const shortenCreate = (prompt: string): ToolCheck =>
  check('shorten', { prompt: prompt.trim() });

/** Every field counts, an empty one too: its message then says which one to fill or remove. */
export const blendCreate = (urls: readonly string[], aspect: BlendAspect): ToolCheck =>
  check('blend', { imgUrls: urls.map((u) => u.trim()), aspect_ratio: aspect });

export const retextureCreate = (url: string, prompt: string): ToolCheck =>
  check('retexture', { imgUrl: url.trim(), remixPrompt: prompt.trim() });

export const removeBackgroundCreate = (url: string): ToolCheck =>
  check('remove-background', { imgUrl: url.trim() });

/**
 * Text to video: the service reads the start image from the prompt, "<image url> motion
 * text". The URL is checked on its own first, so its message lands next to its field
 * (`imgUrl`) rather than on the combined prompt.
 */
export function textToVideoCreate(
  url: string,
  motionPrompt: string,
  resolution: VideoResolution,
  motion: VideoMotion,
): ToolCheck {
  const image = url.trim();
  const prompt = withMotion(`${image} ${motionPrompt.trim()}`.trim(), motion);
  const result = check('video-diffusion', {
    prompt,
    videoType: codeOf(VIDEO_RESOLUTIONS, resolution),
  });
  const urlCheck = imgUrl().safeParse(image);
  if (urlCheck.success) return result;
  const message = urlCheck.error.issues[0]?.message ?? 'must be an http:// or https:// URL';
  return { body: result.body, issues: { imgUrl: [message] } };
}
