import type { Job, MediaItem } from '@/contract/studio-api';
import { aspectOf, parsePrompt } from '@/contract/prompt-flags';
import { isTerminal, type TaskStatus, type TaskType } from '@/contract/task-states';
import { formatAmount } from '@/web/lib/format';
import { diffusionCost, formatCostEstimate } from './costs';

export interface Dims {
  width: number;
  height: number;
}

/** Long side used when the server has not measured an image yet. */
const FALLBACK_LONG_SIDE = 1024;

/** The shape the prompt asked for (`--ar`), 1:1 when absent. */
export function promptDims(prompt: string): Dims {
  const { w, h } = aspectOf(parsePrompt(prompt));
  return w >= h
    ? { width: FALLBACK_LONG_SIDE, height: Math.round((FALLBACK_LONG_SIDE * h) / w) }
    : { width: Math.round((FALLBACK_LONG_SIDE * w) / h), height: FALLBACK_LONG_SIDE };
}

/**
 * Width and height attributes for an <img>, so the browser reserves the right box before
 * the image loads: the server's measurement, else the prompt's aspect ratio.
 */
export function mediaDims(item: MediaItem, prompt: string): Dims {
  if (item.width && item.height && item.width > 0 && item.height > 0) {
    return { width: item.width, height: item.height };
  }
  return promptDims(prompt);
}

export type MediaLayout =
  | { kind: 'grid'; images: MediaItem[] }
  | { kind: 'batch'; images: MediaItem[] }
  | { kind: 'single'; image: MediaItem }
  | { kind: 'videos'; videos: MediaItem[] }
  | { kind: 'prompts'; prompts: string[] }
  | { kind: 'none' };

/** More images than a grid holds: a `--draft` batch of up to 24 thumbnails. */
const BATCH_FROM = 5;

/**
 * How a finished job's output shows: clips, text prompts, a 2×2 grid, a batch of
 * thumbnails, or one image (an upscale, or only a composite) large.
 */
export function mediaLayout(job: Job): MediaLayout {
  const output = job.status === 'completed' ? job.output : null;
  if (!output) return { kind: 'none' };
  if (output.videos.length > 0) return { kind: 'videos', videos: output.videos };
  if (output.prompts.length > 0) return { kind: 'prompts', prompts: output.prompts };
  const [first] = output.images;
  if (output.images.length >= BATCH_FROM) return { kind: 'batch', images: output.images };
  if (output.images.length > 1) return { kind: 'grid', images: output.images };
  if (first) return { kind: 'single', image: first };
  if (output.grid) return { kind: 'single', image: output.grid };
  return { kind: 'none' };
}

/** The images a lightbox steps through for a job. */
export function viewableImages(job: Job): MediaItem[] {
  const layout = mediaLayout(job);
  if (layout.kind === 'grid' || layout.kind === 'batch') return layout.images;
  if (layout.kind === 'single') return [layout.image];
  return [];
}

// The letters people know from the grid buttons; other follow-ups spell their name.
const ACTION_LETTER: Partial<Record<TaskType, string>> = { upscale: 'U', variation: 'V' };
const CLIP_FOLLOW_UPS: readonly TaskType[] = ['extend_video', 'video_upscale'];

/** `from diffusion · U2`: what a follow-up was made from. */
export function lineageLabel(job: Job, parentOperation: TaskType | null): string {
  const from = `from ${parentOperation ?? 'job'}`;
  if (job.parentIndex === null) return from;
  const n = job.parentIndex + 1;
  const letter = ACTION_LETTER[job.operation];
  const noun = CLIP_FOLLOW_UPS.includes(job.operation) ? 'clip' : 'image';
  return `${from} · ${letter ? `${letter}${n}` : `${noun} ${n}`}`;
}

/** Accessible name of a job's card. */
export const jobLabel = (job: Job): string =>
  job.prompt.trim() ? `Job ${job.operation}: ${job.prompt.trim()}` : `Job ${job.operation}`;

export const imageAlt = (index: number, prompt: string): string =>
  `Image ${index + 1} of ${prompt.trim() || 'this job'}`;

export const videoLabel = (index: number, prompt: string): string =>
  `Video ${index + 1} of ${prompt.trim() || 'this job'}`;

/**
 * The image service is working on the job: its progress shows and, with the event stream
 * down, the feed polls for it. A job whose create's answer was lost is not: nothing is
 * known of it until the service reports on it, which may be never.
 */
export const isRunning = (job: Job): boolean =>
  !isTerminal(job.status) && !job.createUnknown && !job.queued;

/** The word on a job's status badge: the server's state, or `unknown`. */
export const statusWord = (job: Job): TaskStatus | 'unknown' | 'queued' =>
  job.createUnknown ? 'unknown' : job.queued ? 'queued' : job.status;

/** What a job costs: held while it runs, consumed when done, refunded when it failed. */
export function costLabel(job: Job): string {
  if (job.createUnknown) return 'cost unknown';
  // Not sent yet: its budget holds the create's estimate, the service nothing.
  if (job.queued) {
    const estimate =
      job.operation === 'diffusion' ? `${formatCostEstimate(diffusionCost(job.prompt))}, ` : '';
    return `${estimate}nothing charged yet`;
  }
  const { frozen, consumed, unit } = job.cost;
  if (job.status === 'completed') return formatAmount(consumed, unit);
  if (job.status === 'failed') return consumed > 0 ? formatAmount(consumed, unit) : 'refunded';
  return `${formatAmount(frozen, unit)} held`;
}
