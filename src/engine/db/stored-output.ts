import type { AvailableActions } from '@/contract/task';

/**
 * A task's result as the store keeps it: media as file names relative to the files
 * folder (never absolute URLs, so a changed ENGINE_PUBLIC_URL or port keeps old media
 * valid) plus their pixel sizes, which follow-ups need for index and size checks.
 */
export interface StoredImage {
  file: string;
  width: number;
  height: number;
}

export interface StoredImageOutput {
  kind: 'images';
  /** The composite for grids and batches; null when the task made one image. */
  grid: StoredImage | null;
  images: StoredImage[];
  seed: string;
  actions: AvailableActions;
}

/** Prompt suggestions of describe and shorten: text only, no media files. */
export interface StoredTextOutput {
  kind: 'text';
  prompts: string[];
  promptEn: string;
  description: string;
  finalPrompt: string;
}

/** One MP4 clip; its size and length let follow-ups check what they would make. */
export interface StoredVideo {
  file: string;
  width: number;
  height: number;
  durationS: number;
}

/** Clips of video-diffusion and extend-video (4) or video-upscale (1). */
export interface StoredVideoOutput {
  kind: 'videos';
  videos: StoredVideo[];
  seed: string;
}

export type StoredOutput = StoredImageOutput | StoredTextOutput | StoredVideoOutput;

/** The image result of a task, or null when it made none (text, video, not yet done). */
export const imageOutputOf = (o: StoredOutput | null): StoredImageOutput | null =>
  o?.kind === 'images' ? o : null;
