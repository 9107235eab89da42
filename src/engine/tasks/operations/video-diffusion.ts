import type { ParsedPrompt } from '@/contract/prompt-flags';
import { parsePrompt, speedOf } from '@/contract/prompt-flags';
import type { VideoDiffusionRequest } from '@/contract/requests/video-diffusion';
import { startImageUrl } from '@/contract/requests/video-diffusion';
import { costOf, followUpSpeed } from '@/contract/costs';
import { renderMoveClip } from '@/engine/media/video/clips';
import { CAMERA_MOVES, clipSize } from '@/engine/media/video/motion';
import type { Picture } from '@/engine/media/video/render';
import { buildStage } from '@/engine/media/video/render';
import { findParent } from '../rules/parents';
import { badRequest } from '../rules/rejection';
import type { StoredVideoOutput } from '@/engine/db/stored-output';
import { imageOutputOf } from '@/engine/db/stored-output';
import type { TaskRow } from '@/engine/db/task-store';
import { readMedia } from './media-files';
import { checkedPrompt, seedOf } from './prompt';
import { fetchInput } from './fetched';
import type { OperationImpl, Plan, PlanContext, RunContext } from './types';
import {
  CLIP_SECONDS,
  allClips,
  endUrlOf,
  motionOf,
  shortSideOf,
  videoFile,
  videoPath,
} from './video-common';

/*
 * Four clips of one picture, each with its own camera move (zoom in, zoom out, pan left,
 * pan right). Image to video animates image `imageNo` of a parent; text to video fetches
 * the first image URL of the prompt's text.
 */

/** The start image of text to video: the first URL before the `--flags`. */
const startUrlOf = (p: ParsedPrompt): string | null => startImageUrl(p.text);

function planImageToVideo(req: VideoDiffusionRequest, own: ParsedPrompt | null, ctx: PlanContext) {
  const parent = findParent(ctx.parents, req.jobId ?? '');
  const images = imageOutputOf(parent.output)?.images ?? [];
  if (images.length === 0) {
    throw badRequest(
      `jobId: video-diffusion needs an image task; a ${parent.taskType} task has no images`,
    );
  }
  const last = Math.min(images.length, 4) - 1;
  if (req.imageNo > last) throw badRequest(`imageNo: must be between 0 and ${last}`);
  return {
    prompt: req.prompt ?? parent.prompt,
    parentJobId: parent.jobId,
    imageNo: req.imageNo,
    cost: costOf({
      operation: 'video-diffusion',
      speed: followUpSpeed(own, parent.prompt),
      videoType: req.videoType,
    }),
  };
}

function plan(req: VideoDiffusionRequest, ctx: PlanContext): Plan {
  const own = req.prompt === undefined ? null : checkedPrompt('prompt', req.prompt);
  if (req.jobId !== undefined) return planImageToVideo(req, own, ctx);
  if (!own || !req.prompt || !startUrlOf(own)) {
    throw badRequest(
      'prompt: must begin with the start image as an http:// or https:// URL before any --flags when no jobId is given',
    );
  }
  return {
    prompt: req.prompt,
    parentJobId: null,
    imageNo: null,
    cost: costOf({ operation: 'video-diffusion', speed: speedOf(own), videoType: req.videoType }),
  };
}

/** The picture to animate and its displayed size. */
async function startPicture(
  req: VideoDiffusionRequest,
  own: ParsedPrompt,
  ctx: RunContext,
): Promise<{ picture: Picture; width: number; height: number }> {
  if (req.jobId !== undefined) {
    const source = imageOutputOf(ctx.tasks.require(req.jobId).output)?.images[req.imageNo];
    if (!source) throw new Error(`parent image ${req.imageNo} is missing`);
    return { ...source, picture: await readMedia(ctx.filesDir, source.file) };
  }
  const url = startUrlOf(own);
  if (!url) throw new Error('the prompt has no start image URL');
  const fetched = await fetchInput(ctx, 'prompt', url, 'prompt');
  return { picture: fetched.data, width: fetched.width, height: fetched.height };
}

async function run(
  task: TaskRow,
  req: VideoDiffusionRequest,
  ctx: RunContext,
): Promise<StoredVideoOutput> {
  const own = parsePrompt(req.prompt ?? '');
  const seed = seedOf(own, task.jobId);
  const start = await startPicture(req, own, ctx);
  const endUrl = endUrlOf(own);
  const end = endUrl ? (await fetchInput(ctx, 'prompt --end', endUrl, 'prompt')).data : undefined;
  const size = clipSize(start, shortSideOf(req.videoType));
  const stage = await buildStage(start.picture, size);
  const videos = await allClips(
    ctx.signal,
    CAMERA_MOVES.map((move, n) => async (signal) => {
      const file = videoFile(task.jobId, n);
      const motion = motionOf(own, move, seed);
      const clip = { file: videoPath(ctx, file), motion, seconds: CLIP_SECONDS, end };
      return { file, ...(await renderMoveClip(stage, clip, signal)) };
    }),
  );
  return { kind: 'videos', videos, seed: String(seed) };
}

export const videoDiffusionOperation: OperationImpl<VideoDiffusionRequest> = { plan, run };
