import type { z } from 'zod';
import type { TaskType } from './task';
import { blendRequestSchema } from './requests/blend';
import { describeRequestSchema } from './requests/describe';
import { diffusionRequestSchema } from './requests/diffusion';
import { editRequestSchema } from './requests/edit';
import { enhanceRequestSchema } from './requests/enhance';
import { enhanceUpscaleRequestSchema } from './requests/enhance-upscale';
import { extendVideoRequestSchema } from './requests/extend-video';
import { inpaintRequestSchema } from './requests/inpaint';
import { outpaintRequestSchema } from './requests/outpaint';
import { panRequestSchema } from './requests/pan';
import { remixRequestSchema } from './requests/remix';
import { removeBackgroundRequestSchema } from './requests/remove-background';
import { rerollRequestSchema } from './requests/reroll';
import { retextureRequestSchema } from './requests/retexture';
import { shortenRequestSchema } from './requests/shorten';
import { uploadPaintRequestSchema } from './requests/upload-paint';
import { upscaleRequestSchema } from './requests/upscale';
import { variationRequestSchema } from './requests/variation';
import { videoDiffusionRequestSchema } from './requests/video-diffusion';
import { videoUpscaleRequestSchema } from './requests/video-upscale';

/** What a parent must be for a follow-up: none, an image task, or a video task. */
export type ParentKind = 'none' | 'image' | 'video' | 'optional-image';

interface OperationDef {
  taskType: TaskType;
  schema: z.ZodType<Record<string, unknown>>;
  parent: ParentKind;
}

const op = <S extends z.ZodType<Record<string, unknown>>>(
  taskType: TaskType,
  schema: S,
  parent: ParentKind,
) => ({ taskType, schema, parent }) satisfies OperationDef;

/** Every create operation, keyed by its path under `/api/v1/` (hyphens, as the service). */
export const OPERATIONS = {
  diffusion: op('diffusion', diffusionRequestSchema, 'none'),
  blend: op('blend', blendRequestSchema, 'none'),
  describe: op('describe', describeRequestSchema, 'none'),
  shorten: op('shorten', shortenRequestSchema, 'none'),
  upscale: op('upscale', upscaleRequestSchema, 'image'),
  variation: op('variation', variationRequestSchema, 'image'),
  remix: op('remix', remixRequestSchema, 'image'),
  reroll: op('reroll', rerollRequestSchema, 'image'),
  inpaint: op('inpaint', inpaintRequestSchema, 'image'),
  outpaint: op('outpaint', outpaintRequestSchema, 'image'),
  pan: op('pan', panRequestSchema, 'image'),
  edit: op('edit', editRequestSchema, 'image'),
  retexture: op('retexture', retextureRequestSchema, 'none'),
  'upload-paint': op('upload_paint', uploadPaintRequestSchema, 'none'),
  'remove-background': op('remove_background', removeBackgroundRequestSchema, 'none'),
  enhance: op('enhance', enhanceRequestSchema, 'image'),
  'video-diffusion': op('video_diffusion', videoDiffusionRequestSchema, 'optional-image'),
  'extend-video': op('extend_video', extendVideoRequestSchema, 'video'),
  'video-upscale': op('video_upscale', videoUpscaleRequestSchema, 'video'),
  'enhance-upscale': op('enhance_upscale', enhanceUpscaleRequestSchema, 'optional-image'),
} as const;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export type OperationRequest<N extends OperationName> = z.infer<(typeof OPERATIONS)[N]['schema']>;

/** Own keys only: `toString` or `constructor` are not operations. */
export const isOperationName = (s: string): s is OperationName => Object.hasOwn(OPERATIONS, s);

/** The path segment of a task type: `extend_video` is served at `/v1/extend-video`. */
export const operationOfTaskType = (t: TaskType): OperationName => {
  const name = t.replace(/_/g, '-');
  if (!isOperationName(name)) throw new Error(`no operation for task type ${t}`);
  return name;
};
