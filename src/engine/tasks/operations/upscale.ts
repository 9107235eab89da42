import sharp from 'sharp';
import { inMediaPool } from '@/engine/media/media-pool';
import { nameOf, UPSCALE_MODES } from '@/contract/requests/choices';
import { type UpscaleRequest } from '@/contract/requests/upscale';
import { costOf, followUpSpeed } from '@/contract/costs';
import { checkOutputSize, findParent, parentImage } from '../rules/parents';
import { badRequest } from '../rules/rejection';
import type { StoredImageOutput } from '@/engine/db/stored-output';
import { imageOutputOf } from '@/engine/db/stored-output';
import { singleActions } from '@/contract/actions';
import { imageFile, readMedia, writeMedia } from './media-files';
import { isV5 } from './prompt';
import type { OperationImpl } from './types';

/**
 * How much each `type` enlarges each side: the modes (0 subtle, 1 creative) double it;
 * the deprecated v5 types are a plain 2x or 4x resize.
 */
export const FACTOR: Record<UpscaleRequest['type'], number> = { 0: 2, 1: 2, 2: 2, 3: 4 };
const MODES_SAID = UPSCALE_MODES.map((mode, type) => `${type} (${mode})`).join(' or ');

async function resize(source: Buffer, factor: number) {
  const meta = await sharp(source).metadata();
  const width = meta.width * factor;
  const height = meta.height * factor;
  const image = await sharp(source).resize(width, height, { kernel: 'lanczos3' }).png().toBuffer();
  return { image, width, height };
}

export const upscaleOperation: OperationImpl<UpscaleRequest> = {
  plan(req, ctx) {
    const parent = findParent(ctx.parents, req.jobId);
    const image = parentImage(parent, 'upscale', req.imageNo);
    if (nameOf(UPSCALE_MODES, req.type) === undefined && !isV5(parent.prompt)) {
      throw badRequest(
        `type: ${req.type} is a deprecated v5 mode, allowed only for parents made with --v 5, 5.1 or 5.2; use ${MODES_SAID}`,
      );
    }
    const factor = FACTOR[req.type];
    checkOutputSize(image.width * factor, image.height * factor);
    return {
      prompt: parent.prompt,
      parentJobId: parent.jobId,
      imageNo: req.imageNo,
      cost: costOf({
        operation: 'upscale',
        speed: followUpSpeed(null, parent.prompt),
        upscaleType: req.type,
      }),
    };
  },
  async run(task, req, ctx): Promise<StoredImageOutput> {
    const parent = imageOutputOf(ctx.tasks.require(req.jobId).output);
    const source = parent?.images[req.imageNo];
    if (!parent || !source) throw new Error(`parent image ${req.imageNo} is missing`);
    const png = await readMedia(ctx.filesDir, source.file);
    const seed = Number(parent.seed) >>> 0;
    const mode = nameOf(UPSCALE_MODES, req.type);
    const result = mode
      ? await inMediaPool('renderUpscale', [png, mode, seed], ctx.signal)
      : await resize(png, FACTOR[req.type]);
    const file = imageFile(task.jobId, 0);
    await writeMedia(ctx.filesDir, file, result.image);
    return {
      kind: 'images',
      grid: null,
      images: [{ file, width: result.width, height: result.height }],
      seed: parent.seed,
      actions: singleActions(),
    };
  },
};
