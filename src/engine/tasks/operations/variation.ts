import { type VariationRequest } from '@/contract/requests/variation';
import { VARIATION_STRENGTHS } from '@/contract/requests/choices';
import { inMediaPool } from '@/engine/media/media-pool';
import { checkFollowUp, followUpPlan, followUpSeed, promptText, sourceImage } from './follow-up';
import { writeGrid } from './grid-output';
import type { OperationImpl } from './types';

/**
 * Four images near one image of the parent: type 0 subtle, 1 strong. A `remixPrompt`
 * re-renders from its words and shifts the palette toward its colours. The images keep
 * the source's size (a draft image's variations are draft-sized, as on the service).
 */
export const variationOperation: OperationImpl<VariationRequest> = {
  plan(req, ctx) {
    const f = checkFollowUp(req, ctx, 'variation');
    return followUpPlan('variation', f, f.image, req.remixPrompt);
  },
  async run(task, req, ctx) {
    const { png, parent } = await sourceImage(ctx, req.jobId, req.imageNo);
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const images = await inMediaPool(
      'renderVariation',
      [
        png,
        {
          text: promptText(parent.prompt),
          seed,
          strong: VARIATION_STRENGTHS[req.type] === 'strong',
          remixText: req.remixPrompt === undefined ? undefined : promptText(req.remixPrompt),
        },
      ],
      ctx.signal,
    );
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: true });
  },
};
