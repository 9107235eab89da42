import type { RetextureRequest } from '@/contract/requests/retexture';
import { inMediaPool } from '@/engine/media/media-pool';
import { costOf, followUpSpeed } from '@/contract/costs';
import { imageSize } from '@/engine/media/scene/diffusion';
import { checkFetchUrl, fetchRgb } from './fetched';
import { followUpSeed, promptText } from './follow-up';
import { writeGrid } from './grid-output';
import { checkedPrompt } from './prompt';
import type { OperationImpl } from './types';

/** Results have a 1024 px long side in the fetched image's proportions. */
const LONG_SIDE = 1024;

/**
 * A new material for a fetched image: its edges (the composition) kept, its palette
 * moved to the prompt's colours and a surface relief laid over it. No reroll.
 */
export const retextureOperation: OperationImpl<RetextureRequest> = {
  plan(req) {
    const own = checkedPrompt('remixPrompt', req.remixPrompt);
    checkFetchUrl('imgUrl', req.imgUrl);
    return {
      prompt: req.remixPrompt,
      parentJobId: null,
      imageNo: null,
      cost: costOf({ operation: 'retexture', speed: followUpSpeed(own, '') }),
    };
  },
  async run(task, req, ctx) {
    const src = await fetchRgb(ctx, 'imgUrl', req.imgUrl, (img) =>
      imageSize({ w: img.width, h: img.height }, LONG_SIDE),
    );
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const images = await inMediaPool(
      'renderRetexture',
      [src, { text: promptText(req.remixPrompt), seed }],
      ctx.signal,
    );
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: false });
  },
};
