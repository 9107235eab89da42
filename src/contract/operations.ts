import type * as z from 'zod/mini';
import type { TaskType } from './task';
import { blendOperation, blendRequestSchema } from './requests/blend';
import { describeOperation, describeRequestSchema } from './requests/describe';
import { diffusionOperation, diffusionRequestSchema } from './requests/diffusion';
import { editOperation, editRequestSchema } from './requests/edit';
import { enhanceOperation, enhanceRequestSchema } from './requests/enhance';
import { enhanceUpscaleOperation, enhanceUpscaleRequestSchema } from './requests/enhance-upscale';
import { extendVideoOperation, extendVideoRequestSchema } from './requests/extend-video';
import { inpaintOperation, inpaintRequestSchema } from './requests/inpaint';
import type { OperationSpec, ParentKind } from './requests/operation';
import { outpaintOperation, outpaintRequestSchema } from './requests/outpaint';
import { panOperation, panRequestSchema } from './requests/pan';
import { remixOperation, remixRequestSchema } from './requests/remix';
import {
  removeBackgroundOperation,
  removeBackgroundRequestSchema,
} from './requests/remove-background';
import { rerollOperation, rerollRequestSchema } from './requests/reroll';
import { retextureOperation, retextureRequestSchema } from './requests/retexture';
import { shortenOperation, shortenRequestSchema } from './requests/shorten';
import { uploadPaintOperation, uploadPaintRequestSchema } from './requests/upload-paint';
import { upscaleOperation, upscaleRequestSchema } from './requests/upscale';
import { variationOperation, variationRequestSchema } from './requests/variation';
import { videoDiffusionOperation, videoDiffusionRequestSchema } from './requests/video-diffusion';
import { videoUpscaleOperation, videoUpscaleRequestSchema } from './requests/video-upscale';

export type { ParentKind } from './requests/operation';

/** One operation: its spec (fields, parent, prompt, title) and the service's request. */
const op = <
  F extends z.core.$ZodShape,
  K extends ParentKind,
  S extends z.ZodMiniType<Record<string, unknown>>,
>(
  spec: OperationSpec<F, K>,
  schema: S,
) => ({ ...spec, schema });

/** Every create operation, keyed by its path under `/api/v1/` (hyphens, as the service). */
export const OPERATIONS = {
  diffusion: op(diffusionOperation, diffusionRequestSchema),
  blend: op(blendOperation, blendRequestSchema),
  describe: op(describeOperation, describeRequestSchema),
  shorten: op(shortenOperation, shortenRequestSchema),
  upscale: op(upscaleOperation, upscaleRequestSchema),
  variation: op(variationOperation, variationRequestSchema),
  remix: op(remixOperation, remixRequestSchema),
  reroll: op(rerollOperation, rerollRequestSchema),
  inpaint: op(inpaintOperation, inpaintRequestSchema),
  outpaint: op(outpaintOperation, outpaintRequestSchema),
  pan: op(panOperation, panRequestSchema),
  edit: op(editOperation, editRequestSchema),
  retexture: op(retextureOperation, retextureRequestSchema),
  'upload-paint': op(uploadPaintOperation, uploadPaintRequestSchema),
  'remove-background': op(removeBackgroundOperation, removeBackgroundRequestSchema),
  enhance: op(enhanceOperation, enhanceRequestSchema),
  'video-diffusion': op(videoDiffusionOperation, videoDiffusionRequestSchema),
  'extend-video': op(extendVideoOperation, extendVideoRequestSchema),
  'video-upscale': op(videoUpscaleOperation, videoUpscaleRequestSchema),
  'enhance-upscale': op(enhanceUpscaleOperation, enhanceUpscaleRequestSchema),
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
