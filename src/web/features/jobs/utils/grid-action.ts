import type { OperationName } from '@/contract/operations';
import type { CreateJob } from '@/contract/studio-api';

export type UpscaleMode = 'subtle' | 'creative';
export type VaryStrength = 'subtle' | 'strong';
export type RemixMode = 'strong' | 'subtle';
export type PanDirection = 'left' | 'up' | 'right' | 'down';
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

/** The service's numbers: pan `direction` 0 down, 1 right, 2 up, 3 left. */
const PAN_DIRECTION_CODE: Record<PanDirection, number> = {
  down: 0,
  right: 1,
  up: 2,
  left: 3,
};
export const PAN_DIRECTION_OF_CODE: readonly PanDirection[] = ['down', 'right', 'up', 'left'];

export const ZOOM_SCALE = { min: 1.1, max: 2, default: 1.5 } as const;
export const PAN_SCALE = { min: 1.1, max: 3, default: 1.5 } as const;

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

type Body = { operation: OperationName; params: Record<string, unknown> };

function bodyOf(action: GridAction): Body {
  switch (action.kind) {
    case 'upscale': {
      const type = action.mode === 'creative' ? 1 : 0;
      return { operation: 'upscale', params: { imageNo: action.imageNo, type } };
    }
    case 'variation': {
      const type = action.strength === 'strong' ? 1 : 0;
      return { operation: 'variation', params: { imageNo: action.imageNo, type } };
    }
    case 'remix': {
      const mode = action.mode === 'subtle' ? 1 : 0;
      const params = { imageNo: action.imageNo, remixPrompt: action.prompt.trim(), mode };
      return { operation: 'remix', params };
    }
    case 'zoom': {
      const scale = clampScale(action.scale, ZOOM_SCALE);
      const params = { imageNo: action.imageNo, scale, ...optionalPrompt(action.prompt) };
      return { operation: 'outpaint', params };
    }
    case 'pan':
      return { operation: 'pan', params: panParams(action) };
    case 'enhance':
    case 'reroll':
    case 'animate':
    case 'extend':
    case 'video-upscale':
      return otherBody(action);
  }
}

function panParams(action: Extract<GridAction, { kind: 'pan' }>): Record<string, unknown> {
  return {
    imageNo: action.imageNo,
    direction: PAN_DIRECTION_CODE[action.direction],
    scale: clampScale(action.scale, PAN_SCALE),
    ...optionalPrompt(action.prompt),
  };
}

type OtherAction = Extract<
  GridAction,
  { kind: 'enhance' | 'reroll' | 'animate' | 'extend' | 'video-upscale' }
>;

function otherBody(action: OtherAction): Body {
  switch (action.kind) {
    case 'enhance':
      return { operation: 'enhance', params: { imageNo: action.imageNo } };
    case 'reroll':
      return { operation: 'reroll', params: {} };
    case 'animate': {
      const prompt = videoPrompt(action.prompt, action.motion);
      const videoType = action.resolution === '720p' ? 1 : 0;
      const params = { imageNo: action.imageNo, videoType, ...(prompt ? { prompt } : {}) };
      return { operation: 'video-diffusion', params };
    }
    case 'extend':
      return {
        operation: 'extend-video',
        params: { videoNo: action.videoNo, prompt: action.prompt.trim() },
      };
    case 'video-upscale':
      return { operation: 'video-upscale', params: { videoNo: action.videoNo } };
  }
}

/** The create the proxy receives for an action on `parentId`; it fills `jobId` itself. */
export const actionBody = (parentId: string, action: GridAction): CreateJob => ({
  ...bodyOf(action),
  parentId,
});
