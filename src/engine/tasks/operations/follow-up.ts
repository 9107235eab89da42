import type { OperationName } from '@/contract/operations';
import type { ParsedPrompt } from '@/contract/prompt-flags';
import { parsePrompt } from '@/contract/prompt-flags';
import type { IndexedAction } from '@/contract/task';
import { costOf, followUpSpeed } from '@/contract/costs';
import { checkOutputSize, findParent, parentImage } from '../rules/parents';
import type { StoredImage } from '@/engine/db/stored-output';
import { imageOutputOf } from '@/engine/db/stored-output';
import type { TaskRow } from '@/engine/db/task-store';
import { readMedia } from './media-files';
import { checkedPrompt, seedOf } from './prompt';
import type { Plan, PlanContext, RunContext } from './types';

/** What every follow-up on one image of a parent names. */
interface OnImage {
  jobId: string;
  imageNo: number;
  remixPrompt?: string | undefined;
}

export interface CheckedFollowUp {
  parent: TaskRow;
  image: StoredImage;
  imageNo: number;
  /** The request's own prompt (`remixPrompt`), flags checked; null when it has none. */
  own: ParsedPrompt | null;
}

/**
 * Steps 3 and 4 of a create for a follow-up: its own prompt's flags (a body check), then
 * the parent (owned, completed, not expired), the index and the action it lists.
 */
export function checkFollowUp(
  req: OnImage,
  ctx: PlanContext,
  action: IndexedAction,
): CheckedFollowUp {
  const own = req.remixPrompt === undefined ? null : checkedPrompt('remixPrompt', req.remixPrompt);
  const parent = findParent(ctx.parents, req.jobId);
  const image = parentImage(parent, action, req.imageNo);
  return { parent, image, imageNo: req.imageNo, own };
}

/**
 * The plan of a checked follow-up whose images will be `size` each (refused above
 * 8192 px a side). It works from `prompt` (default: the parent's) and runs at its own
 * `--fast`/`--turbo`, else at the parent's speed.
 */
export function followUpPlan(
  operation: OperationName,
  f: CheckedFollowUp,
  size: { width: number; height: number },
  prompt?: string,
): Plan {
  checkOutputSize(size.width, size.height);
  return {
    prompt: prompt ?? f.parent.prompt,
    parentJobId: f.parent.jobId,
    imageNo: f.imageNo,
    cost: costOf({ operation, speed: followUpSpeed(f.own, f.parent.prompt) }),
  };
}

/** The parent's image a follow-up works on, read from the files folder. */
export async function sourceImage(
  ctx: RunContext,
  jobId: string,
  imageNo: number,
): Promise<{ png: Buffer; image: StoredImage; parent: TaskRow }> {
  const parent = ctx.tasks.require(jobId);
  const image = imageOutputOf(parent.output)?.images[imageNo];
  if (!image) throw new Error(`parent image ${imageNo} is missing`);
  return { png: await readMedia(ctx.filesDir, image.file), image, parent };
}

/** The words of a prompt without its --flags. */
export const promptText = (prompt: string): string => parsePrompt(prompt).text.trim();

/**
 * A follow-up's seed: `--seed` of its own prompt, else derived from its job id, so a
 * re-run attempt paints the same images and two follow-ups paint different ones.
 */
export const followUpSeed = (own: string | undefined, jobId: string): number =>
  seedOf(parsePrompt(own ?? ''), jobId);
