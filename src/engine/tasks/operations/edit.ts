import type { EditRequest } from '@/contract/requests/edit';
import { inMediaPool } from '@/engine/media/media-pool';
import { Rejection, badRequest } from '../rules/rejection';
import { checkFollowUp, followUpPlan, followUpSeed, promptText, sourceImage } from './follow-up';
import { writeGrid } from './grid-output';
import { checkMask, maskSource } from './masks';
import type { OperationImpl } from './types';

/** The hosted service's words for a non-whitelisted edit (fixtures/hosted-service/error-403-edit.json). */
const EDIT_NOT_WHITELISTED =
  'This feature is only available for whitelisted accounts. Please upgrade your plan or contact customer support to access this feature.';

/**
 * Repositions one parent image on a canvas of its own size: the image scaled to imgPos
 * and placed there, the rest of the canvas and the masked parts of the image painted
 * from the remix prompt. Mask polygons are in the placed image's frame.
 */
export const editOperation: OperationImpl<EditRequest> = {
  plan(req, ctx) {
    if (!ctx.account.whitelisted) throw new Rejection(403, EDIT_NOT_WHITELISTED);
    checkMask(req.mask);
    const f = checkFollowUp(req, ctx, 'edit');
    if (promptText(req.remixPrompt) === '') {
      throw badRequest('remixPrompt: must describe what to paint before its --flags');
    }
    return followUpPlan('edit', f, req.canvas, req.remixPrompt);
  },
  async run(task, req, ctx) {
    const { png } = await sourceImage(ctx, req.jobId, req.imageNo);
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const images = await inMediaPool(
      'renderPlaced',
      [
        png,
        {
          canvas: req.canvas,
          imgPos: req.imgPos,
          text: promptText(req.remixPrompt),
          seed,
          mask: req.mask ? await maskSource(ctx, req.mask) : undefined,
        },
      ],
      ctx.signal,
    );
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: true });
  },
};
