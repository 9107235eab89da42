import path from 'node:path';
import type { ParsedPrompt } from '@/contract/prompt-flags';
import { getFlag, hasFlag } from '@/contract/prompt-flags';
import { nameOf, VIDEO_RESOLUTIONS, type VideoResolution } from '@/contract/requests/choices';
import type { TaskType } from '@/contract/task';
import { isHttpUrl } from '@/contract/urls';
import type { CameraMove, MotionSpec } from '@/engine/media/video/motion';
import { badRequest } from '../rules/rejection';
import type { StoredVideo, StoredVideoOutput } from '@/engine/db/stored-output';
import type { TaskRow } from '@/engine/db/task-store';
import type { RunContext } from './types';

/** Clips are named like the hosted service's media: `<job_id>_<n>.mp4`. */
export const videoFile = (jobId: string, n: number): string => `${jobId}_${n}.mp4`;
export const videoPath = (ctx: RunContext, file: string): string => path.join(ctx.filesDir, file);

/** The video names the files route serves. */
export const VIDEO_NAME_RE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_(\d)\.mp4$/;

/** Every clip of video-diffusion is 5 s; each extension adds 4 s. */
export const CLIP_SECONDS = 5;
export const EXTENSION_SECONDS = 4;

/** The camera move, amount and style a motion prompt asks for. */
export function motionOf(p: ParsedPrompt, move: CameraMove, seed: number): MotionSpec {
  return { move, high: getFlag(p, 'motion')?.value === 'high', raw: hasFlag(p, 'raw'), seed };
}

/** `--end <url>`: the picture the clips fade into. */
export const endUrlOf = (p: ParsedPrompt): string | null =>
  getFlag(p, 'end')?.value.split(/\s+/).find(isHttpUrl) ?? null;

const EXTENDABLE: readonly TaskType[] = ['video_diffusion', 'extend_video'];

/**
 * The clip a video follow-up works on: the parent must be a video task of a kind the
 * operation accepts (the parent itself is already found: same account, completed), and
 * `videoNo` within its clips.
 */
export function parentVideo(
  parent: TaskRow,
  operation: string,
  videoNo: number,
): { output: StoredVideoOutput; video: StoredVideo } {
  const output = parent.output?.kind === 'videos' ? parent.output : null;
  if (!output || !EXTENDABLE.includes(parent.taskType)) {
    throw badRequest(
      `jobId: ${operation} needs a video-diffusion or extend-video task; this is a ${parent.taskType} task`,
    );
  }
  const video = output.videos[videoNo];
  if (!video) throw badRequest(`videoNo: must be between 0 and ${output.videos.length - 1}`);
  return { output, video };
}

/** The short side of a clip of each resolution, in pixels. */
export const SHORT_SIDES: Record<VideoResolution, number> = { '480p': 480, '720p': 720 };

/** The short side of a `videoType` (a resolution's code); 480p for an unknown one. */
export const shortSideOf = (videoType: number): number =>
  SHORT_SIDES[nameOf(VIDEO_RESOLUTIONS, videoType) ?? '480p'];

/**
 * The `videoType` of a clip: the largest resolution whose short side it reaches, so 720p
 * clips cost the 720p price, for extensions too.
 */
export const videoTypeOf = (v: StoredVideo): number => {
  const side = Math.min(v.width, v.height);
  const reached = VIDEO_RESOLUTIONS.findLastIndex((r) => side >= SHORT_SIDES[r]);
  return Math.max(0, reached);
};

/** Reads the file a stored output refers to, failing the attempt if it is gone. */
export function parentClip(ctx: RunContext, jobId: string, videoNo: number): StoredVideo {
  const parent = ctx.tasks.require(jobId).output;
  const video = parent?.kind === 'videos' ? parent.videos[videoNo] : undefined;
  if (!video) throw new Error(`parent clip ${videoNo} of ${jobId} is missing`);
  return video;
}

/**
 * Makes every clip at once. The first failure stops the others (their encoders are
 * killed) instead of letting them finish work that will be thrown away; it returns
 * only when every clip has ended, so no encoder outlives the attempt.
 */
export async function allClips<T>(
  signal: AbortSignal | undefined,
  makers: readonly ((signal: AbortSignal) => Promise<T>)[],
): Promise<T[]> {
  const stop = new AbortController();
  const relay = () => stop.abort();
  signal?.addEventListener('abort', relay, { once: true });
  const first: { failed: boolean; reason?: unknown } = { failed: false };
  try {
    const results = await Promise.allSettled(
      makers.map((make) =>
        make(stop.signal).catch((reason: unknown) => {
          // The others then fail as "stopping"; the first failure is the one to report.
          if (!first.failed) Object.assign(first, { failed: true, reason });
          stop.abort();
          throw reason;
        }),
      ),
    );
    if (first.failed) throw first.reason;
    return results.map((r) => (r as PromiseFulfilledResult<T>).value);
  } finally {
    signal?.removeEventListener('abort', relay);
  }
}
