import {
  createRequest,
  type CreateJobRequest,
  type CreateParams,
} from '../../../../contract/create-job';
import { OUTPAINT_SCALE } from '../../../../contract/requests/outpaint';
import {
  PAN_DIRECTION_NAMES,
  PAN_SCALE as PAN_RANGE,
  type PanDirection,
} from '../../../../contract/requests/pan';

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

const imageAction = (parentId: string, action: GridAction): CreateJobRequest | null => {
  switch (action.kind) {
    case 'upscale':
      return createRequest(
        'upscale',
        { imageNo: action.imageNo, type: action.mode === 'creative' ? 1 : 0 },
        parentId,
      );
    case 'variation':
      return createRequest(
        'variation',
        { imageNo: action.imageNo, type: action.strength === 'strong' ? 1 : 0 },
        parentId,
      );
    case 'remix': {
      const mode = action.mode === 'subtle' ? 1 : 0;
      const params = { imageNo: action.imageNo, remixPrompt: action.prompt.trim(), mode } as const;
      return createRequest('remix', params, parentId);
    }
    case 'zoom': {
      const scale = clampScale(action.scale, ZOOM_SCALE);
      const params = { imageNo: action.imageNo, scale, ...optionalPrompt(action.prompt) };
      return createRequest('outpaint', params, parentId);
    }
    case 'pan':
      return createRequest('pan', panParams(action), parentId);
    case 'enhance':
      return createRequest('enhance', { imageNo: action.imageNo }, parentId);
    case 'reroll':
      return createRequest('reroll', {}, parentId);
    default:
      return null;
  }
};

function panParams(action: Extract<GridAction, { kind: 'pan' }>): CreateParams<'pan'> {
  return {
    imageNo: action.imageNo,
    direction: panCode(action.direction),
    scale: clampScale(action.scale, PAN_SCALE),
    ...optionalPrompt(action.prompt),
  };
}

const panCode = (direction: PanDirection): 0 | 1 | 2 | 3 => {
  const code = PAN_DIRECTION_NAMES.indexOf(direction);
  return code === 1 || code === 2 || code === 3 ? code : 0;
};

function videoAction(parentId: string, action: GridAction): CreateJobRequest {
  switch (action.kind) {
    case 'animate': {
      const prompt = videoPrompt(action.prompt, action.motion);
      const videoType = action.resolution === '720p' ? 1 : 0;
      const params = { imageNo: action.imageNo, videoType, ...(prompt ? { prompt } : {}) } as const;
      return createRequest('video-diffusion', params, parentId);
    }
    case 'extend':
      return createRequest(
        'extend-video',
        { videoNo: action.videoNo, prompt: action.prompt.trim() },
        parentId,
      );
    case 'video-upscale':
      return createRequest('video-upscale', { videoNo: action.videoNo }, parentId);
    default:
      throw new Error(`unhandled action ${action.kind}`);
  }
}

/** The create the proxy receives for an action on `parentId`; it fills `jobId` itself. */
export const actionBody = (parentId: string, action: GridAction): CreateJobRequest =>
  imageAction(parentId, action) ?? videoAction(parentId, action);
