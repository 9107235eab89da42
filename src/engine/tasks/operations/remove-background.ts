import type { RemoveBackgroundRequest } from '@/contract/requests/remove-background';
import { inMediaPool } from '@/engine/media/media-pool';
import { costOf } from '@/contract/costs';
import { checkFetchUrl, fetchRgb } from './fetched';
import { followUpSeed } from './follow-up';
import { writeSingle } from './grid-output';
import type { OperationImpl } from './types';

/** Cut-outs keep the input's size up to this long side. */
const MAX_SIDE = 4096;

/** The fetched image's subject on a transparent background (RGBA PNG); no follow-ups. */
export const removeBackgroundOperation: OperationImpl<RemoveBackgroundRequest> = {
  plan(req) {
    checkFetchUrl('imgUrl', req.imgUrl);
    return {
      prompt: '',
      parentJobId: null,
      imageNo: null,
      cost: costOf({ operation: 'remove-background', speed: 'fast' }),
    };
  },
  async run(task, req, ctx) {
    const src = await fetchRgb(ctx, 'imgUrl', req.imgUrl, (img) => {
      const k = Math.min(1, MAX_SIDE / Math.max(img.width, img.height));
      return { width: Math.round(img.width * k), height: Math.round(img.height * k) };
    });
    const png = await inMediaPool('removeBackground', [src], ctx.signal);
    return writeSingle(task.jobId, ctx.filesDir, png, {
      width: src.width,
      height: src.height,
      seed: followUpSeed(undefined, task.jobId),
      actions: {},
    });
  },
};
