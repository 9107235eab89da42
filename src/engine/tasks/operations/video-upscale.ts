import type { VideoUpscaleRequest } from '@/contract/requests/video-upscale';
import { costOf, followUpSpeed } from '@/contract/costs';
import { renderUpscale } from '@/engine/media/video/clips';
import { checkOutputSize, findParent } from '../rules/parents';
import type { StoredVideoOutput } from '@/engine/db/stored-output';
import type { OperationImpl } from './types';
import { parentClip, parentVideo, videoFile, videoPath } from './video-common';

/** One clip: the parent's clip `videoNo` at twice the width and height, same length. */
export const videoUpscaleOperation: OperationImpl<VideoUpscaleRequest> = {
  plan(req, ctx) {
    const parent = findParent(ctx.parents, req.jobId);
    const { video } = parentVideo(parent, 'video-upscale', req.videoNo);
    checkOutputSize(video.width * 2, video.height * 2);
    return {
      prompt: parent.prompt,
      parentJobId: parent.jobId,
      imageNo: req.videoNo,
      cost: costOf({ operation: 'video-upscale', speed: followUpSpeed(null, parent.prompt) }),
    };
  },
  async run(task, req, ctx): Promise<StoredVideoOutput> {
    const parent = ctx.tasks.require(req.jobId);
    const source = videoPath(ctx, parentClip(ctx, req.jobId, req.videoNo).file);
    const file = videoFile(task.jobId, 0);
    const clip = await renderUpscale(source, videoPath(ctx, file), ctx.signal);
    const seed = parent.output?.kind === 'videos' ? parent.output.seed : '0';
    return { kind: 'videos', videos: [{ file, ...clip }], seed };
  },
};
