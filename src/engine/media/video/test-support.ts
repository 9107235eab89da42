import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TaskResponse, VideoOutput } from '@/contract/task';
import { isVideoOutput } from '@/contract/task';
import type { Pixels } from '../metrics/metrics';
import type { VideoInfo } from './io';
import { decodeFrames, probeVideo } from './io';

/*
 * For tests: clips are decoded with the same ffmpeg the engine encodes with, into packed
 * RGB frames the metrics of ./metrics.ts measure.
 */

export interface ClipScan {
  info: VideoInfo;
  frames: number;
  first: Pixels;
  last: Pixels;
  /** Frames asked for by index. */
  picked: Map<number, Pixels>;
  /** Mean absolute difference between consecutive frames, in 0..255 levels. */
  meanStep: number;
  /** The same, per consecutive pair, for looking at how a move speeds up. */
  steps: number[];
}

/** Every 7th byte: plenty for a mean, and quick over hundreds of frames. */
const STEP_STRIDE = 7;

function stepDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += STEP_STRIDE, n++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / n;
}

/** Decodes a whole clip once, keeping the frames a test measures. */
export async function scanClip(file: string, pick: readonly number[] = []): Promise<ClipScan> {
  const info = await probeVideo(file);
  const pixels = (data: Buffer): Pixels => ({
    data,
    width: info.width,
    height: info.height,
    channels: 3,
  });
  const picked = new Map<number, Pixels>();
  const steps: number[] = [];
  let first: Buffer | null = null;
  let prev: Buffer | null = null;
  let count = 0;
  for await (const frame of decodeFrames(file, info)) {
    first ??= frame;
    if (prev) steps.push(stepDiff(prev, frame));
    if (pick.includes(count)) picked.set(count, pixels(frame));
    prev = frame;
    count++;
  }
  if (!first || !prev) throw new Error(`${file} has no frames`);
  const meanStep = steps.reduce((s, d) => s + d, 0) / Math.max(1, steps.length);
  return { info, frames: count, first: pixels(first), last: pixels(prev), picked, meanStep, steps };
}

/** The video output of a completed task (throws for anything else). */
export function videoOutputOf(t: TaskResponse): VideoOutput {
  if (!t.output || !isVideoOutput(t.output)) throw new Error(`no video output: ${t.status}`);
  return t.output;
}

export interface ServedClip {
  status: number;
  headers: Headers;
  scan: ClipScan;
}

/** Downloads a served clip into a temp file (ffmpeg reads files) and scans it. */
export async function fetchClip(url: string, pick: readonly number[] = []): Promise<ServedClip> {
  const res = await fetch(url);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clip-'));
  const file = path.join(dir, 'clip.mp4');
  await fs.writeFile(file, Buffer.from(await res.arrayBuffer()));
  try {
    return { status: res.status, headers: res.headers, scan: await scanClip(file, pick) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
