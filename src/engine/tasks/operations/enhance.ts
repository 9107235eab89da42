import type { EnhanceRequest } from '@/contract/requests/enhance';
import { inMediaPool } from '@/engine/media/media-pool';
import { isDraft, parsePrompt } from '@/contract/prompt-flags';
import { costOf, followUpSpeed } from '@/contract/costs';
import { findParent, parentImage } from '../rules/parents';
import { badRequest } from '../rules/rejection';
import { imageOutputOf } from '@/engine/db/stored-output';
import { singleActions } from '@/contract/actions';
import { diffusionSpecOf } from './diffusion';
import { writeSingle } from './grid-output';

import type { OperationImpl } from './types';

/** Full quality is the 1024 px long side of a normal grid image. */
const FULL_SIDE = 1024;

/**
 * One image of a `--draft --v 7` batch rendered again at full size: the same prompt,
 * seed and index through the same renderer, so it is the draft's scene, sharper.
 */
export const enhanceOperation: OperationImpl<EnhanceRequest> = {
  plan(req, ctx) {
    const parent = findParent(ctx.parents, req.jobId);
    if (!isDraft(parsePrompt(parent.prompt))) {
      throw badRequest('jobId: enhance needs a --draft --v 7 task as its parent');
    }
    parentImage(parent, 'enhance', req.imageNo);
    return {
      prompt: parent.prompt,
      parentJobId: parent.jobId,
      imageNo: req.imageNo,
      cost: costOf({ operation: 'enhance', speed: followUpSpeed(null, parent.prompt) }),
    };
  },
  async run(task, req, ctx) {
    const parent = ctx.tasks.require(req.jobId);
    const seed = Number(imageOutputOf(parent.output)?.seed ?? 0) >>> 0;
    const spec = diffusionSpecOf(parsePrompt(parent.prompt), parent.jobId);
    // The renderer draws images 0..count-1; each depends only on its index, not on count.
    const rendered = await inMediaPool(
      'renderDiffusion',
      [
        {
          ...spec,
          seed,
          count: req.imageNo + 1,
          longSide: FULL_SIDE,
        },
      ],
      ctx.signal,
    );
    const png = rendered.images[req.imageNo];
    if (!png) throw new Error(`image ${req.imageNo} was not rendered`);
    return writeSingle(task.jobId, ctx.filesDir, png, {
      width: rendered.width,
      height: rendered.height,
      seed,
      actions: singleActions(),
    });
  },
};
