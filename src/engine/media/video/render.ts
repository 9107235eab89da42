import sharp from 'sharp';
import type { VideoSize } from './ffmpeg';
import type { FrameSink } from './io';
import type { MotionSpec, View } from './motion';
import { MARGIN, viewAt } from './motion';

/*
 * Frames are cut from a "stage": the picture at 1.5x the clip's size (so a crop moves in
 * steps of 2/3 of a clip pixel and a slow move does not judder; 2x looked no smoother
 * and cost 40% more per frame), extended on every side by a softened mirror of itself
 * for views past the picture's edges.
 */

/** Stage pixels per clip pixel. */
const SUPERSAMPLE = 1.5;
/** Blur of the mirrored border: enough to read as out-of-focus surroundings. */
const BORDER_BLUR = 6;

export interface Stage {
  data: Buffer;
  width: number;
  height: number;
  /** The picture's place on the stage. */
  left: number;
  top: number;
  pictureW: number;
  pictureH: number;
  frame: VideoSize;
}

/** Raw RGB pixels, or any encoded image sharp reads. */
export type Picture = Buffer | { raw: Buffer; size: VideoSize };

/** `rotate()` applies an EXIF orientation, so a fetched photo stands the way it is seen. */
const open = (p: Picture) =>
  Buffer.isBuffer(p)
    ? sharp(p).rotate()
    : sharp(p.raw, { raw: { width: p.size.width, height: p.size.height, channels: 3 } });

/** The picture resized to exactly `size` (covering, centred) as raw RGB. */
export async function fitPicture(picture: Picture, size: VideoSize): Promise<Buffer> {
  return open(picture)
    .removeAlpha()
    .resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
}

export async function buildStage(picture: Picture, frame: VideoSize): Promise<Stage> {
  const pictureW = Math.round(frame.width * SUPERSAMPLE);
  const pictureH = Math.round(frame.height * SUPERSAMPLE);
  const raw = { width: pictureW, height: pictureH, channels: 3 as const };
  const base = await open(picture)
    .removeAlpha()
    .resize(pictureW, pictureH, { fit: 'cover', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const left = Math.round(pictureW * MARGIN);
  const top = Math.round(pictureH * MARGIN);
  const border = await sharp(base, { raw })
    .extend({ left, right: left, top, bottom: top, extendWith: 'mirror' })
    .blur(BORDER_BLUR)
    .raw()
    .toBuffer();
  const width = pictureW + 2 * left;
  const height = pictureH + 2 * top;
  const staged = await sharp(border, { raw: { width, height, channels: 3 } })
    .composite([{ input: base, raw, left, top }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Compositing works in RGBA; frames are cut from packed RGB.
  if (staged.info.channels !== 3) throw new Error('the stage must be RGB');
  return { data: staged.data, width, height, left, top, pictureW, pictureH, frame };
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** One frame of the camera's view of the stage, raw RGB at the clip's size. */
async function renderView(stage: Stage, view: View): Promise<Buffer> {
  const w = clamp(Math.round(stage.pictureW * view.scale), 2, stage.width);
  const h = clamp(Math.round(stage.pictureH * view.scale), 2, stage.height);
  const x = stage.left + view.cx * stage.pictureW - w / 2;
  const y = stage.top + view.cy * stage.pictureH - h / 2;
  const region = {
    left: clamp(Math.round(x), 0, stage.width - w),
    top: clamp(Math.round(y), 0, stage.height - h),
    width: w,
    height: h,
  };
  return sharp(stage.data, { raw: { width: stage.width, height: stage.height, channels: 3 } })
    .extract(region)
    .resize(stage.frame.width, stage.frame.height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
}

/** `a` faded toward `b` by `k` (0 keeps `a`, 1 gives `b`); both the same size. */
function mix(a: Buffer, b: Buffer, k: number): Buffer {
  const out = Buffer.allocUnsafe(a.length);
  const wb = Math.round(k * 256);
  const wa = 256 - wb;
  for (let i = 0; i < a.length; i++) out[i] = ((a[i] ?? 0) * wa + (b[i] ?? 0) * wb) >> 8;
  return out;
}

/** The part of a clip, from its end, that cross-fades to an `--end` frame. */
const END_FADE = 0.4;

export interface ClipPlan {
  stage: Stage;
  motion: MotionSpec;
  frames: number;
  /** An `--end` frame, raw RGB at the clip's size: the clip fades into it. */
  end?: Buffer;
  /** Skip the first frame (its picture is already the previous clip's last frame). */
  skipFirst?: boolean;
}

/**
 * Renders the frames of one camera move into `sink`; returns the last frame, which an
 * extension continues from. The next frame is rendered while the encoder takes this one.
 */
export async function renderClip(plan: ClipPlan, sink: FrameSink): Promise<Buffer> {
  const first = plan.skipFirst ? 1 : 0;
  const total = plan.frames + first;
  const frameAt = async (i: number): Promise<Buffer> => {
    const t = total > 1 ? i / (total - 1) : 0;
    const frame = await renderView(plan.stage, viewAt(plan.motion, t));
    const fade = plan.end ? (t - (1 - END_FADE)) / END_FADE : 0;
    return plan.end && fade > 0 ? mix(frame, plan.end, Math.min(1, fade)) : frame;
  };
  const ahead = (i: number): Promise<Buffer> => {
    const p = frameAt(i);
    // Awaited on the next turn; this only keeps a failure during a failed write quiet.
    p.catch(() => undefined);
    return p;
  };
  let next = ahead(first);
  let last: Buffer | null = null;
  for (let i = first; i < total; i++) {
    last = await next;
    if (i + 1 < total) next = ahead(i + 1);
    await sink.write(last);
  }
  if (!last) throw new Error('a clip needs at least one frame');
  return last;
}
