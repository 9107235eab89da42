import { createRequest } from '@/contract/create-request';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import { type VideoMotion, withMotion } from '@/contract/prompt-flags';
import {
  codeOf,
  OUTPAINT_SCALE,
  PAN_DIRECTION_NAMES,
  PAN_SCALE as PAN_RANGE,
  type PanDirection,
  REMIX_MODES,
  type RemixMode,
  UPSCALE_MODES,
  type UpscaleMode,
  VARIATION_STRENGTHS,
  type VariationStrength,
  VIDEO_RESOLUTIONS,
  type VideoResolution,
} from '@/contract/requests/choices';

export type { PanDirection, RemixMode, UpscaleMode, VideoResolution };
export type VaryStrength = VariationStrength;
export type Motion = VideoMotion;

/** Everything a person can ask of a finished job's images or clips. */
export type GridAction =
  | { kind: 'upscale'; imageNo: number; mode: UpscaleMode }
  | { kind: 'variation'; imageNo: number; strength: VaryStrength }
  | { kind: 'remix'; imageNo: number; prompt: string; mode: RemixMode }
  | { kind: 'zoom'; imageNo: number; scale: number; prompt?: string }
  | { kind: 'pan'; imageNo: number; direction: PanDirection; scale: number; prompt?: string }
  | { kind: 'enhance'; imageNo: number }
  | { kind: 'reroll' }
  | {
      kind: 'animate';
      imageNo: number;
      prompt: string;
      resolution: VideoResolution;
      motion: Motion;
    }
  | { kind: 'extend'; videoNo: number; prompt: string }
  | { kind: 'video-upscale'; videoNo: number };

/** The UI's starting scale for zoom and pan; the ranges are the service's. */
export const ZOOM_SCALE = { ...OUTPAINT_SCALE, default: 1.5 } as const;
export const PAN_SCALE = { ...PAN_RANGE, default: 1.5 } as const;

/** Scales go out with one decimal, inside the range the service accepts. */
export function clampScale(scale: number, range: { min: number; max: number }): number {
  const rounded = Math.round(scale * 10) / 10;
  return Math.min(range.max, Math.max(range.min, rounded));
}

/** An optional prompt is left out when empty: the service then keeps the parent's. */
const optionalPrompt = (prompt: string | undefined) => {
  const p = prompt?.trim() ?? '';
  return p === '' ? {} : { remixPrompt: p };
};

/** The `--motion` flag rides in the video prompt; an empty prompt is left out. */
function videoPrompt(prompt: string, motion: Motion): string | undefined {
  const withFlag = withMotion(prompt.trim(), motion);
  return withFlag === '' ? undefined : withFlag;
}

type Of<K extends GridAction['kind']> = Extract<GridAction, { kind: K }>;

/** The create of each action, by kind: a new kind does not compile until it has one. */
const CREATES: { [K in GridAction['kind']]: (parentId: string, a: Of<K>) => CreateJobRequest } = {
  upscale: (id, a) =>
    createRequest('upscale', { imageNo: a.imageNo, type: codeOf(UPSCALE_MODES, a.mode) }, id),
  variation: (id, a) =>
    createRequest(
      'variation',
      { imageNo: a.imageNo, type: codeOf(VARIATION_STRENGTHS, a.strength) },
      id,
    ),
  remix: (id, a) =>
    createRequest(
      'remix',
      { imageNo: a.imageNo, remixPrompt: a.prompt.trim(), mode: codeOf(REMIX_MODES, a.mode) },
      id,
    ),
  zoom: (id, a) =>
    createRequest(
      'outpaint',
      { imageNo: a.imageNo, scale: clampScale(a.scale, ZOOM_SCALE), ...optionalPrompt(a.prompt) },
      id,
    ),
  pan: (id, a) =>
    createRequest(
      'pan',
      {
        imageNo: a.imageNo,
        direction: codeOf(PAN_DIRECTION_NAMES, a.direction),
        scale: clampScale(a.scale, PAN_SCALE),
        ...optionalPrompt(a.prompt),
      },
      id,
    ),
  enhance: (id, a) => createRequest('enhance', { imageNo: a.imageNo }, id),
  reroll: (id) => createRequest('reroll', {}, id),
  animate: (id, a) => {
    const prompt = videoPrompt(a.prompt, a.motion);
    const videoType = codeOf(VIDEO_RESOLUTIONS, a.resolution);
    const params = { imageNo: a.imageNo, videoType, ...(prompt ? { prompt } : {}) } as const;
    return createRequest('video-diffusion', params, id);
  },
  extend: (id, a) =>
    createRequest('extend-video', { videoNo: a.videoNo, prompt: a.prompt.trim() }, id),
  'video-upscale': (id, a) => createRequest('video-upscale', { videoNo: a.videoNo }, id),
};

/** The create the proxy receives for an action on `parentId`; it fills `jobId` itself. */
export const actionBody = (parentId: string, action: GridAction): CreateJobRequest =>
  (CREATES[action.kind] as (parentId: string, a: GridAction) => CreateJobRequest)(parentId, action);
