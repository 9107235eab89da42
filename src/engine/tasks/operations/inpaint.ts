import type { InpaintRequest } from '@/contract/requests/inpaint';
import { inMediaPool } from '@/engine/media/media-pool';
import { checkFollowUp, followUpPlan, followUpSeed, promptText, sourceImage } from './follow-up';
import { writeGrid } from './grid-output';
import { checkMask, maskSource } from './masks';
import type { OperationImpl } from './types';

/**
 * Repaints the masked part of one parent image with the remix prompt; outside the mask
 * the image stays exactly as it was. Polygons are scaled from their frame onto the image.
 */
export const inpaintOperation: OperationImpl<InpaintRequest> = {
  plan(req, ctx) {
    checkMask(req.mask);
    const f = checkFollowUp(req, ctx, 'inpaint');
    return followUpPlan('inpaint', f, f.image);
  },
  async run(task, req, ctx) {
    const { png } = await sourceImage(ctx, req.jobId, req.imageNo);
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const mask = await maskSource(ctx, req.mask);
    const images = await inMediaPool(
      'renderInpaint',
      [png, mask, { text: promptText(req.remixPrompt), seed }],
      ctx.signal,
    );
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: true });
  },
};
