import { blendRequestSchema } from '@/contract/requests/blend';
import { inMediaPool } from '@/engine/media/media-pool';
import type { RerollRequest } from '@/contract/requests/reroll';
import { parsePrompt } from '@/contract/prompt-flags';
import { costOf, followUpSpeed } from '@/contract/costs';
import { findParent } from '../rules/parents';
import { badRequest } from '../rules/rejection';
import { imageOutputOf } from '@/engine/db/stored-output';
import type { TaskRow, TaskStore } from '@/engine/db/task-store';
import { blendGrid } from './blend';
import { diffusionSpecOf } from './diffusion';
import { followUpSeed } from './follow-up';
import { writeRenderedGrid } from './grid-output';

import type { OperationImpl } from './types';

/** The task a chain of rerolls started from: what a reroll really re-runs. */
function originOf(tasks: TaskStore, task: TaskRow): TaskRow {
  let at = task;
  for (let hops = 0; at.taskType === 'reroll' && at.parentJobId && hops < 100; hops++) {
    const up = tasks.get(at.parentJobId);
    if (!up) break;
    at = up;
  }
  return at;
}

/**
 * Four new images for the parent's prompt, at the size of the parent's images, under a
 * new seed (a `--seed` in the prompt is overridden: the point is different images). A
 * blend's reroll blends its images again.
 */
export const rerollOperation: OperationImpl<RerollRequest> = {
  plan(req, ctx) {
    const parent = findParent(ctx.parents, req.jobId);
    const output = imageOutputOf(parent.output);
    if (!output?.actions.reroll) {
      throw badRequest(`reroll is unsupported for this task (a ${parent.taskType} result)`);
    }
    return {
      prompt: parent.prompt,
      parentJobId: parent.jobId,
      imageNo: null,
      cost: costOf({ operation: 'reroll', speed: followUpSpeed(null, parent.prompt) }),
    };
  },
  async run(task, req, ctx) {
    const seed = followUpSeed(undefined, task.jobId);
    const origin = originOf(ctx.tasks, ctx.tasks.require(req.jobId));
    if (origin.taskType === 'blend') {
      return blendGrid(task.jobId, blendRequestSchema.parse(origin.input), seed, ctx);
    }
    const first = imageOutputOf(ctx.tasks.require(req.jobId).output)?.images[0];
    if (!first) throw new Error('the parent has no images');
    const spec = diffusionSpecOf(parsePrompt(task.prompt), task.jobId);
    const rendered = await inMediaPool(
      'renderDiffusion',
      [
        {
          ...spec,
          seed,
          aspect: { w: first.width, h: first.height },
          longSide: Math.max(first.width, first.height),
          count: 4,
        },
      ],
      ctx.signal,
    );
    return writeRenderedGrid(task.jobId, ctx.filesDir, rendered, { seed, reroll: true });
  },
};
