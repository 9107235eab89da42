import { type RemixRequest } from '@/contract/requests/remix';
import { REMIX_MODES } from '@/contract/requests/choices';
import { inMediaPool } from '@/engine/media/media-pool';
import { badRequest } from '../rules/rejection';
import { checkFollowUp, followUpPlan, followUpSeed, promptText, sourceImage } from './follow-up';
import { writeGrid } from './grid-output';
import type { OperationImpl } from './types';

/**
 * The parent image under a new prompt: composition kept, palette moved toward the
 * prompt's colours (mode 0 strong, 1 subtle). The task's prompt becomes the remix prompt,
 * so a reroll of the result re-runs the new words.
 */
export const remixOperation: OperationImpl<RemixRequest> = {
  plan(req, ctx) {
    const f = checkFollowUp(req, ctx, 'remix');
    if (promptText(req.remixPrompt) === '') {
      throw badRequest('remixPrompt: must describe the new image before its --flags');
    }
    return followUpPlan('remix', f, f.image, req.remixPrompt);
  },
  async run(task, req, ctx) {
    const { png } = await sourceImage(ctx, req.jobId, req.imageNo);
    const seed = followUpSeed(req.remixPrompt, task.jobId);
    const text = promptText(req.remixPrompt);
    const images = await inMediaPool(
      'renderRemix',
      [png, { text, seed, strong: REMIX_MODES[req.mode] === 'strong' }],
      ctx.signal,
    );
    return writeGrid(task.jobId, ctx.filesDir, images, { seed, reroll: true });
  },
};
