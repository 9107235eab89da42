import { parsePrompt } from '@/contract/prompt-flags';
import type { ExtendVideoRequest } from '@/contract/requests/extend-video';
import { costOf, followUpSpeed } from '@/contract/costs';
import { renderExtension } from '@/engine/media/video/clips';
import { CAMERA_MOVES } from '@/engine/media/video/motion';
import type { ParentQuery } from '../rules/parents';
import { findParent } from '../rules/parents';
import { badRequest } from '../rules/rejection';
import type { StoredVideoOutput } from '@/engine/db/stored-output';
import type { TaskRow, TaskStore } from '@/engine/db/task-store';
import { checkedPrompt, seedOf } from './prompt';
import { fetchInput } from './fetched';
import type { OperationImpl, Plan, PlanContext, RunContext } from './types';
import {
  EXTENSION_SECONDS,
  allClips,
  endUrlOf,
  motionOf,
  parentClip,
  parentVideo,
  videoFile,
  videoPath,
  videoTypeOf,
} from './video-common';

/*
 * Four clips, each the parent clip followed by 4 s more that start from its last frame
 * with a camera move of their own; a chain of 4 extensions reaches about 21 s.
 */

/** Extensions allowed in one chain (a video-diffusion task and its extend descendants). */
const MAX_EXTENSIONS = 4;

/** Extensions between a task and the video-diffusion task its chain starts from. */
function extensionsUpTo(tasks: TaskStore, task: TaskRow): number {
  let count = 0;
  let at: TaskRow | null = task;
  // The depth bound only guards against a corrupt store linking a task to itself.
  while (at && at.taskType === 'extend_video' && count <= MAX_EXTENSIONS) {
    count++;
    at = at.parentJobId ? tasks.get(at.parentJobId) : null;
  }
  return count;
}

/** The parent's window: it can be extended until `extendWindowS` after it completed. */
function checkWindow(parent: TaskRow, q: ParentQuery): void {
  const ended = Date.parse(parent.endedAt ?? '');
  if (q.now.getTime() - ended > q.extendWindowS * 1000) {
    throw badRequest(
      `jobId: a video can be extended only within ${q.extendWindowS} s of its completion; this one completed at ${parent.endedAt ?? '?'}`,
    );
  }
}

function plan(req: ExtendVideoRequest, ctx: PlanContext): Plan {
  const own = checkedPrompt('prompt', req.prompt);
  const parent = findParent(ctx.parents, req.jobId);
  const { video } = parentVideo(parent, 'extend-video', req.videoNo);
  checkWindow(parent, ctx.parents);
  const done = extensionsUpTo(ctx.parents.tasks, parent);
  if (done >= MAX_EXTENSIONS) {
    throw badRequest(
      `jobId: this video was already extended ${done} times; a chain allows at most ${MAX_EXTENSIONS} extensions`,
    );
  }
  return {
    prompt: req.prompt,
    parentJobId: parent.jobId,
    imageNo: req.videoNo,
    cost: costOf({
      operation: 'extend-video',
      speed: followUpSpeed(own, parent.prompt),
      videoType: videoTypeOf(video),
    }),
  };
}

async function run(
  task: TaskRow,
  req: ExtendVideoRequest,
  ctx: RunContext,
): Promise<StoredVideoOutput> {
  const own = parsePrompt(req.prompt);
  const seed = seedOf(own, task.jobId);
  const source = videoPath(ctx, parentClip(ctx, req.jobId, req.videoNo).file);
  const endUrl = endUrlOf(own);
  const end = endUrl ? (await fetchInput(ctx, 'prompt --end', endUrl, 'prompt')).data : undefined;
  const videos = await allClips(
    ctx.signal,
    CAMERA_MOVES.map((move, n) => async (signal) => {
      const file = videoFile(task.jobId, n);
      const motion = motionOf(own, move, seed);
      const ext = { file: videoPath(ctx, file), motion, seconds: EXTENSION_SECONDS, end };
      return { file, ...(await renderExtension(source, ext, signal)) };
    }),
  );
  return { kind: 'videos', videos, seed: String(seed) };
}

export const extendVideoOperation: OperationImpl<ExtendVideoRequest> = { plan, run };
