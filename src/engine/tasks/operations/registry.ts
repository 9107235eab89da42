import type { OperationName } from '@/contract/operations';
import { diffusionOperation } from './diffusion';
import { blendOperation } from './blend';
import { describeOperation } from './describe';
import { editOperation } from './edit';
import { enhanceOperation } from './enhance';
import { enhanceUpscaleOperation } from './enhance-upscale';
import { inpaintOperation } from './inpaint';
import { outpaintOperation } from './outpaint';
import { panOperation } from './pan';
import { remixOperation } from './remix';
import { removeBackgroundOperation } from './remove-background';
import { rerollOperation } from './reroll';
import { retextureOperation } from './retexture';
import { shortenOperation } from './shorten';
import { uploadPaintOperation } from './upload-paint';
import { variationOperation } from './variation';
import { extendVideoOperation } from './extend-video';
import type { EngineOperation } from './types';
import { bindOperation } from './types';
import { upscaleOperation } from './upscale';
import { videoDiffusionOperation } from './video-diffusion';
import { videoUpscaleOperation } from './video-upscale';

/**
 * The operations this engine carries out. Every other operation of the contract is
 * validated with its schema and then answered 501 until its media exists.
 */
const IMPLEMENTED: Partial<Record<OperationName, EngineOperation>> = {
  diffusion: bindOperation('diffusion', diffusionOperation),
  upscale: bindOperation('upscale', upscaleOperation),
  blend: bindOperation('blend', blendOperation),
  describe: bindOperation('describe', describeOperation),
  edit: bindOperation('edit', editOperation),
  enhance: bindOperation('enhance', enhanceOperation),
  inpaint: bindOperation('inpaint', inpaintOperation),
  outpaint: bindOperation('outpaint', outpaintOperation),
  pan: bindOperation('pan', panOperation),
  remix: bindOperation('remix', remixOperation),
  'remove-background': bindOperation('remove-background', removeBackgroundOperation),
  reroll: bindOperation('reroll', rerollOperation),
  retexture: bindOperation('retexture', retextureOperation),
  shorten: bindOperation('shorten', shortenOperation),
  'upload-paint': bindOperation('upload-paint', uploadPaintOperation),
  variation: bindOperation('variation', variationOperation),
  'video-diffusion': bindOperation('video-diffusion', videoDiffusionOperation),
  'extend-video': bindOperation('extend-video', extendVideoOperation),
  'video-upscale': bindOperation('video-upscale', videoUpscaleOperation),
  'enhance-upscale': bindOperation('enhance-upscale', enhanceUpscaleOperation),
};

export const engineOperation = (name: OperationName): EngineOperation | undefined =>
  IMPLEMENTED[name];

/** Operations the hosted service has suspended; the engine answers them 503 too. */
const SUSPENDED: ReadonlySet<OperationName> = new Set<OperationName>(['enhance-upscale']);

/**
 * Whether a create of `name` is answered 503. ENGINE_ENHANCE_UPSCALE=on lifts the
 * suspension of enhance-upscale (an extension: the hosted service still refuses it).
 */
export const isSuspended = (name: OperationName, enhanceUpscale: boolean): boolean =>
  SUSPENDED.has(name) && !(name === 'enhance-upscale' && enhanceUpscale);
