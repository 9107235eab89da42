import type { BlendRequest } from '@/contract/requests/blend';
import { inMediaPool } from '@/engine/media/media-pool';
import { parseRatio } from '@/contract/prompt-flags';
import { costOf } from '@/contract/costs';
import { imageSize } from '@/engine/media/scene/diffusion';
import type { StoredImageOutput } from '@/engine/db/stored-output';
import { checkFetchUrl, fetchRgb } from './fetched';
import { followUpSeed } from './follow-up';
import { writeGrid } from './grid-output';
import type { OperationImpl, RunContext } from './types';

/** Blends are square or 2:3 / 3:2 with a 1024 px long side, like a diffusion grid's images. */
const LONG_SIDE = 1024;

/**
 * Fetches the inputs, crops each to the requested shape and blends them four ways.
 * Shared with reroll, which re-runs a blend with a new seed.
 */
export async function blendGrid(
  jobId: string,
  req: BlendRequest,
  seed: number,
  ctx: RunContext,
): Promise<StoredImageOutput> {
  const size = imageSize(parseRatio(req.aspect_ratio) ?? { w: 1, h: 1 }, LONG_SIDE);
  const inputs = await Promise.all(
    req.imgUrls.map((url, i) => fetchRgb(ctx, `imgUrls.${i}`, url, () => size, 'cover')),
  );
  const images = await inMediaPool('renderBlend', [inputs, size, seed], ctx.signal);
  return writeGrid(jobId, ctx.filesDir, images, { seed, reroll: true });
}

/** 2 to 5 fetched images combined into one grid of 4, each a different arrangement. */
export const blendOperation: OperationImpl<BlendRequest> = {
  plan(req) {
    req.imgUrls.forEach((url, i) => checkFetchUrl(`imgUrls.${i}`, url));
    return {
      prompt: '',
      parentJobId: null,
      imageNo: null,
      cost: costOf({ operation: 'blend', speed: 'fast' }),
    };
  },
  run(task, req, ctx) {
    return blendGrid(task.jobId, req, followUpSeed(undefined, task.jobId), ctx);
  },
};
