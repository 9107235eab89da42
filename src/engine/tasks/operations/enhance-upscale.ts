import type { Sharp } from 'sharp';
import sharp from 'sharp';
import type { EnhanceUpscaleRequest } from '@/contract/requests/enhance-upscale';
import { costOf } from '@/contract/costs';
import { findParent } from '../rules/parents';
import { badRequest } from '../rules/rejection';
import type { StoredImageOutput } from '@/engine/db/stored-output';
import { imageOutputOf } from '@/engine/db/stored-output';
import { checkFetchUrl, fetchInput } from './fetched';
import { followUpSeed } from './follow-up';
import type { ImageExtension } from './media-files';
import { imageFile, readMedia, writeMedia } from './media-files';
import type { OperationImpl, RunContext } from './types';

type Resolution = NonNullable<EnhanceUpscaleRequest['target_resolution']>;

/** The long side of each target; 12K (11520) is capped, as no side may exceed 8192. */
const LONG_SIDE: Record<Resolution, number> = {
  HD: 1280,
  FHD: 1920,
  '2K': 2560,
  '4K': 3840,
  '6K': 6144,
  '8K': 7680,
  '12K': 8192,
};
const DEFAULT_RESOLUTION: Resolution = '2K';

type Format = NonNullable<EnhanceUpscaleRequest['output_format']>;
const EXTENSION: Record<Format, ImageExtension> = {
  png: 'png',
  jpeg: 'jpg',
  jpg: 'jpg',
  tiff: 'tiff',
  tif: 'tiff',
};

/** Letterbox bars are black, as a player shows them. */
const BARS = { r: 0, g: 0, b: 0, alpha: 1 };

interface Box {
  width: number;
  height: number;
}

/**
 * The output size: with `keep` the source's own proportions, else the named ratio; the
 * long side is the target's either way.
 */
function outputSize(source: Box, aspectRatio: string, longSide: number): Box {
  let w = source.width;
  let h = source.height;
  if (aspectRatio !== 'keep') {
    const [a, b] = aspectRatio.split(':').map(Number);
    w = a ?? 1;
    h = b ?? 1;
  }
  const k = longSide / Math.max(w, h);
  return { width: Math.max(1, Math.round(w * k)), height: Math.max(1, Math.round(h * k)) };
}

async function encode(pipeline: Sharp, ext: ImageExtension): Promise<Buffer> {
  if (ext === 'jpg') return pipeline.jpeg({ quality: 92 }).toBuffer();
  if (ext === 'tiff') return pipeline.tiff({ compression: 'lzw' }).toBuffer();
  return pipeline.png().toBuffer();
}

async function sourceOf(
  req: EnhanceUpscaleRequest,
  ctx: RunContext,
): Promise<{ data: Buffer; seed: string }> {
  if (req.image_url !== undefined) {
    const fetched = await fetchInput(ctx, 'image_url', req.image_url);
    return { data: fetched.data, seed: '' };
  }
  const jobId = req.jobId ?? '';
  const parent = imageOutputOf(ctx.tasks.require(jobId).output);
  const image = parent?.images[req.imageNo ?? 0];
  if (!parent || !image) throw new Error(`parent image ${req.imageNo} is missing`);
  return { data: await readMedia(ctx.filesDir, image.file), seed: parent.seed };
}

/**
 * An extension (ENGINE_ENHANCE_UPSCALE=on): one image, from a URL or a completed image
 * task, resized so its long side is the target resolution's, in the asked format.
 */
export const enhanceUpscaleOperation: OperationImpl<EnhanceUpscaleRequest> = {
  plan(req, ctx) {
    const cost = costOf({
      operation: 'enhance-upscale',
      speed: 'fast',
      targetResolution: req.target_resolution ?? DEFAULT_RESOLUTION,
    });
    if (req.image_url !== undefined) {
      checkFetchUrl('image_url', req.image_url);
      return { prompt: '', parentJobId: null, imageNo: null, cost };
    }
    // The schema guarantees jobId and imageNo when there is no image_url.
    const jobId = req.jobId ?? '';
    const imageNo = req.imageNo ?? 0;
    const parent = findParent(ctx.parents, jobId);
    const images = imageOutputOf(parent.output)?.images ?? [];
    if (images.length === 0) {
      throw badRequest(
        `jobId: enhance-upscale needs an image task; a ${parent.taskType} task has no images`,
      );
    }
    if (!images[imageNo]) throw badRequest(`imageNo: must be between 0 and ${images.length - 1}`);
    return { prompt: parent.prompt, parentJobId: parent.jobId, imageNo, cost };
  },
  async run(task, req, ctx): Promise<StoredImageOutput> {
    const source = await sourceOf(req, ctx);
    const meta = await sharp(source.data).metadata();
    const aspect = req.aspect_ratio ?? 'keep';
    const size = outputSize(
      { width: meta.width, height: meta.height },
      aspect,
      LONG_SIDE[req.target_resolution ?? DEFAULT_RESOLUTION],
    );
    const fit = aspect === 'keep' ? 'fill' : req.crop_mode === 'crop' ? 'cover' : 'contain';
    // crop_mode letterbox (the default) fits the whole image and pads it with bars.
    const pipeline = sharp(source.data).resize(size.width, size.height, {
      fit,
      background: BARS,
      kernel: 'lanczos3',
    });
    const ext = EXTENSION[req.output_format ?? 'png'];
    const file = imageFile(task.jobId, 0, ext);
    await writeMedia(ctx.filesDir, file, await encode(pipeline, ext));
    return {
      kind: 'images',
      grid: null,
      images: [{ file, width: size.width, height: size.height }],
      seed: source.seed || String(followUpSeed(undefined, task.jobId)),
      actions: {},
    };
  },
};
