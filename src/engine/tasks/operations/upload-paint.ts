import type { UploadPaintRequest } from '@/contract/requests/upload-paint';
import { inMediaPool } from '@/engine/media/media-pool';
import { costOf, followUpSpeed } from '@/contract/costs';
import { checkFetchUrl, fetchInput } from './fetched';
import { followUpSeed, promptText } from './follow-up';
import { writeGrid } from './grid-output';
import { checkMask, maskSource } from './masks';
import { checkedPrompt } from './prompt';
import type { OperationImpl } from './types';

/**
 * Edit for an uploaded image: fetched, scaled to imgPos on the canvas, with the mask and
 * the area around the image painted from the remix prompt. The mask is in the image's own
 * frame, as for edit, because an editor paints it on the image before or after moving it.
 * There is no prompt of its own to re-run, so no reroll.
 */
export const uploadPaintOperation: OperationImpl<UploadPaintRequest> = {
  plan(req) {
    const own = checkedPrompt('remixPrompt', req.remixPrompt);
    checkFetchUrl('imgUrl', req.imgUrl);
    checkMask(req.mask);
    return {
      prompt: req.remixPrompt,
      parentJobId: null,
      imageNo: null,
      cost: costOf({ operation: 'upload-paint', speed: followUpSpeed(own, '') }),
    };
  },
  async run(task, req, ctx) {
    const [source, mask] = await Promise.all([
      fetchInput(ctx, 'imgUrl', req.imgUrl),
      maskSource(ctx, req.mask),
    ]);
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const images = await inMediaPool(
      'renderPlaced',
      [
        source.data,
        {
          canvas: req.canvas,
          imgPos: req.imgPos,
          text: promptText(req.remixPrompt),
          seed,
          mask,
        },
      ],
      ctx.signal,
    );
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: false });
  },
};
