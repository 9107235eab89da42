import fs from 'node:fs/promises';
import type { VideoSize } from './ffmpeg';
import { FPS, withEncoderSlot } from './ffmpeg';
import type { FrameSink } from './io';
import { decodeFrames, joinClips, lastFrame, openEncoder, probeVideo } from './io';
import type { MotionSpec } from './motion';
import { frameCount } from './motion';
import type { Picture, Stage } from './render';
import { buildStage, fitPicture, renderClip } from './render';

/*
 * Whole clips: a camera move over a picture, an extension of an existing clip, and a 2x
 * upscale. ffmpeg writes each MP4 under a temporary name that the engine renames when it
 * is complete (see `runFfmpeg` in ./ffmpeg.ts), so a reader (or a crash) never sees half a
 * file and a re-run attempt simply replaces it.
 */

export interface ClipFile extends VideoSize {
  durationS: number;
}

interface EncodeOpts {
  signal?: AbortSignal;
  scale?: number;
}

/** Encodes into `file`, holding one of the encoder slots. */
function encodeTo(
  file: string,
  size: VideoSize,
  opts: EncodeOpts,
  fill: (sink: FrameSink) => Promise<number>,
): Promise<ClipFile> {
  return withEncoderSlot(async () => {
    const sink = await openEncoder(file, size, opts);
    let frames: number;
    try {
      frames = await fill(sink);
    } catch (err) {
      // Kill it rather than end the stream: finishing a file we will delete is wasted work.
      await sink.abort();
      throw err;
    }
    await sink.close();
    const scale = opts.scale ?? 1;
    return {
      width: size.width * scale,
      height: size.height * scale,
      durationS: frames / FPS,
    };
  });
}

export interface MoveClip {
  file: string;
  motion: MotionSpec;
  seconds: number;
  /** An `--end` picture the clip cross-fades into. */
  end?: Picture;
}

/** A camera move over the stage's picture, starting on the whole picture. */
export async function renderMoveClip(
  stage: Stage,
  clip: MoveClip,
  signal?: AbortSignal,
): Promise<ClipFile> {
  const end = clip.end ? await fitPicture(clip.end, stage.frame) : undefined;
  const frames = frameCount(clip.seconds, FPS);
  return encodeTo(clip.file, stage.frame, { signal }, async (sink) => {
    await renderClip({ stage, motion: clip.motion, frames, end }, sink);
    return frames;
  });
}

export interface Extension {
  file: string;
  motion: MotionSpec;
  /** Length of the continuation added after the parent clip. */
  seconds: number;
  /** An `--end` picture the continuation cross-fades into. */
  end?: Picture;
}

/**
 * The parent clip followed by `seconds` more of a camera move that starts from the
 * parent's last frame, so the chain grows by about 4 s with each extension. Only the
 * new part is encoded; the parent's stream is copied in front of it unchanged.
 */
export async function renderExtension(
  parentFile: string,
  ext: Extension,
  signal?: AbortSignal,
): Promise<ClipFile> {
  const info = await probeVideo(parentFile);
  const frame = { width: info.width, height: info.height };
  const end = ext.end ? await fitPicture(ext.end, frame) : undefined;
  const last = await lastFrame(parentFile, frame, signal);
  const stage = await buildStage({ raw: last, size: frame }, frame);
  const frames = frameCount(ext.seconds, FPS);
  const part = `${ext.file}.part`;
  try {
    await encodeTo(part, frame, { signal }, async (sink) => {
      await renderClip({ stage, motion: ext.motion, frames, end, skipFirst: true }, sink);
      return frames;
    });
    await joinClips([parentFile, part], ext.file, signal);
  } finally {
    await fs.rm(part, { force: true });
  }
  const joined = await probeVideo(ext.file);
  return { ...frame, durationS: joined.durationS };
}

/** The same clip at twice the width and height (lanczos), same frames and duration. */
export async function renderUpscale(
  parentFile: string,
  file: string,
  signal?: AbortSignal,
): Promise<ClipFile> {
  const info = await probeVideo(parentFile);
  const size = { width: info.width, height: info.height };
  return encodeTo(file, size, { signal, scale: 2 }, async (sink) => {
    let count = 0;
    for await (const frame of decodeFrames(parentFile, size, { signal })) {
      await sink.write(frame);
      count++;
    }
    if (count === 0) throw new Error(`the parent clip ${parentFile} has no frames`);
    return count;
  });
}
