import { createRequest } from '@/contract/create-job';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import { OUTPAINT_SCALE } from '@/contract/requests/outpaint';
import {
  PAN_DIRECTION_NAMES,
  PAN_SCALE as PAN_RANGE,
  type PanDirection,
} from '@/contract/requests/pan';

export type UpscaleMode = 'subtle' | 'creative';
export type VaryStrength = 'subtle' | 'strong';
export type RemixMode = 'strong' | 'subtle';
export type { PanDirection };
export type VideoResolution = '480p' | '720p';
export type Motion = 'low' | 'high';

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

/** The `--motion` flag rides in the video prompt; low is the service's default. */
function videoPrompt(prompt: string, motion: Motion): string | undefined {
  const text = prompt.trim();
  const withMotion = motion === 'high' ? `${text} --motion high`.trim() : text;
  return withMotion === '' ? undefined : withMotion;
}

type Of<K extends GridAction['kind']> = Extract<GridAction, { kind: K }>;

const panCode = (direction: PanDirection): 0 | 1 | 2 | 3 => {
  const code = PAN_DIRECTION_NAMES.indexOf(direction);
  return code === 1 || code === 2 || code === 3 ? code : 0;
};

/** The create of each action, by kind: a new kind does not compile until it has one. */
const CREATES: { [K in GridAction['kind']]: (parentId: string, a: Of<K>) => CreateJobRequest } = {
  upscale: (id, a) =>
    createRequest('upscale', { imageNo: a.imageNo, type: a.mode === 'creative' ? 1 : 0 }, id),
  variation: (id, a) =>
    createRequest('variation', { imageNo: a.imageNo, type: a.strength === 'strong' ? 1 : 0 }, id),
  remix: (id, a) =>
    createRequest(
      'remix',
      { imageNo: a.imageNo, remixPrompt: a.prompt.trim(), mode: a.mode === 'subtle' ? 1 : 0 },
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
        direction: panCode(a.direction),
        scale: clampScale(a.scale, PAN_SCALE),
        ...optionalPrompt(a.prompt),
      },
      id,
    ),
  enhance: (id, a) => createRequest('enhance', { imageNo: a.imageNo }, id),
  reroll: (id) => createRequest('reroll', {}, id),
  animate: (id, a) => {
    const prompt = videoPrompt(a.prompt, a.motion);
    const videoType = a.resolution === '720p' ? 1 : 0;
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
