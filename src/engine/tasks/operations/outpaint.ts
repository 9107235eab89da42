import type { OutpaintRequest } from '@/contract/requests/outpaint';
import { inMediaPool } from '@/engine/media/media-pool';
import { grownSize, zoomOutPadding } from './canvas-growth';
import { checkFollowUp, followUpPlan, followUpSeed, promptText, sourceImage } from './follow-up';
import { writeGrid } from './grid-output';
import type { OperationImpl } from './types';

/**
 * Zoom out: the canvas grows by `scale` on all sides, the image stays exactly in the
 * centre and the new border continues it (the remix prompt, if any, paints the texture).
 */
export const outpaintOperation: OperationImpl<OutpaintRequest> = {
  plan(req, ctx) {
    const f = checkFollowUp(req, ctx, 'outpaint');
    return followUpPlan('outpaint', f, grownSize(f.image, zoomOutPadding(f.image, req.scale)));
  },
  async run(task, req, ctx) {
    const { png, image, parent } = await sourceImage(ctx, req.jobId, req.imageNo);
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const text = promptText(req.remixPrompt ?? parent.prompt);
    const pad = zoomOutPadding(image, req.scale);
    const images = await inMediaPool('renderExtension', [png, pad, { text, seed }], ctx.signal);
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: true });
  },
};
