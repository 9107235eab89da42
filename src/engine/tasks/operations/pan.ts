import type { PanRequest } from '@/contract/requests/pan';
import { inMediaPool } from '@/engine/media/media-pool';
import { grownSize, panPadding } from './canvas-growth';
import { checkFollowUp, followUpPlan, followUpSeed, promptText, sourceImage } from './follow-up';
import { writeGrid } from './grid-output';
import type { OperationImpl } from './types';

/**
 * Pan: the canvas grows by `scale` toward `direction` (0 down, 1 right, 2 up, 3 left),
 * the image kept exactly on the opposite side and the new strip continuing it.
 */
export const panOperation: OperationImpl<PanRequest> = {
  plan(req, ctx) {
    const f = checkFollowUp(req, ctx, 'pan');
    const pad = panPadding(f.image, req.direction, req.scale);
    return followUpPlan('pan', f, grownSize(f.image, pad));
  },
  async run(task, req, ctx) {
    const { png, image, parent } = await sourceImage(ctx, req.jobId, req.imageNo);
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const text = promptText(req.remixPrompt ?? parent.prompt);
    const pad = panPadding(image, req.direction, req.scale);
    const images = await inMediaPool('renderExtension', [png, pad, { text, seed }], ctx.signal);
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: true });
  },
};
