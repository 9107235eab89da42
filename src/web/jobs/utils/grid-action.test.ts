import { describe, expect, it } from 'vitest';
import { formatIssues } from '@/contract/errors';
import { OPERATIONS } from '@/contract/operations';
import type { OperationName } from '@/contract/operations';
import type { GridAction, PanDirection } from './grid-action';
import { actionBody, clampScale, PAN_SCALE, ZOOM_SCALE } from './grid-action';

// The proxy swaps the parent handle for the upstream job id; a test stands in for it.
const UUID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
const PARENT = 'abcDEF123456';

/** The body the proxy would send upstream, parsed with the operation's own schema. */
function upstreamBody(action: GridAction) {
  const body = actionBody(PARENT, action);
  const schema = OPERATIONS[body.operation].schema;
  const parsed = schema.safeParse({ ...body.params, jobId: UUID });
  if (!parsed.success) throw new Error(`${body.operation}: ${formatIssues(parsed.error)}`);
  return { operation: body.operation, parentId: body.parentId, params: body.params };
}

describe('actionBody', () => {
  it.each<[GridAction, OperationName, Record<string, unknown>]>([
    [{ kind: 'upscale', imageNo: 1, mode: 'subtle' }, 'upscale', { imageNo: 1, type: 0 }],
    [{ kind: 'upscale', imageNo: 3, mode: 'creative' }, 'upscale', { imageNo: 3, type: 1 }],
    [{ kind: 'variation', imageNo: 0, strength: 'subtle' }, 'variation', { imageNo: 0, type: 0 }],
    [{ kind: 'variation', imageNo: 2, strength: 'strong' }, 'variation', { imageNo: 2, type: 1 }],
    [{ kind: 'enhance', imageNo: 17 }, 'enhance', { imageNo: 17 }],
    [{ kind: 'reroll' }, 'reroll', {}],
    [{ kind: 'video-upscale', videoNo: 2 }, 'video-upscale', { videoNo: 2 }],
  ])('%j → %s %j', (action, operation, params) => {
    expect(upstreamBody(action)).toEqual({ operation, parentId: PARENT, params });
  });

  it('remix: the trimmed prompt, mode 0 strong and 1 subtle', () => {
    expect(
      upstreamBody({ kind: 'remix', imageNo: 2, prompt: '  a red fox --ar 3:2 ', mode: 'strong' })
        .params,
    ).toEqual({ imageNo: 2, remixPrompt: 'a red fox --ar 3:2', mode: 0 });
    expect(
      upstreamBody({ kind: 'remix', imageNo: 0, prompt: 'a fox', mode: 'subtle' }).params,
    ).toMatchObject({ mode: 1 });
  });

  it('pan: left 3, up 2, right 1, down 0, at scale 1.5 by default', () => {
    const dirs = { left: 3, up: 2, right: 1, down: 0 } as const;
    for (const [direction, code] of Object.entries(dirs)) {
      const action: GridAction = {
        kind: 'pan',
        imageNo: 1,
        direction: direction as PanDirection,
        scale: PAN_SCALE.default,
      };
      expect(upstreamBody(action)).toEqual({
        operation: 'pan',
        parentId: PARENT,
        params: { imageNo: 1, direction: code, scale: 1.5 },
      });
    }
  });

  it('pan and zoom keep their scale inside what the service accepts, one decimal', () => {
    const pan = (scale: number) =>
      (
        upstreamBody({ kind: 'pan', imageNo: 0, direction: 'up', scale }).params as {
          scale: number;
        }
      ).scale;
    expect([pan(1.1), pan(3), pan(3.4), pan(1), pan(2.26)]).toEqual([1.1, 3, 3, 1.1, 2.3]);
    const zoom = (scale: number) => upstreamBody({ kind: 'zoom', imageNo: 0, scale }).params;
    expect(zoom(1.5)).toEqual({ imageNo: 0, scale: 1.5 });
    expect(zoom(2)).toEqual({ imageNo: 0, scale: 2 });
    expect(zoom(2.5)).toEqual({ imageNo: 0, scale: 2 });
    expect(zoom(1.04)).toEqual({ imageNo: 0, scale: 1.1 });
    expect(clampScale(1.25, ZOOM_SCALE)).toBe(1.3);
  });

  it('zoom and pan send a prompt for the new area only when one is given', () => {
    expect(upstreamBody({ kind: 'zoom', imageNo: 1, scale: 2, prompt: '  ' }).params).toEqual({
      imageNo: 1,
      scale: 2,
    });
    expect(
      upstreamBody({ kind: 'pan', imageNo: 1, direction: 'down', scale: 2, prompt: 'a pier' })
        .params,
    ).toEqual({ imageNo: 1, direction: 0, scale: 2, remixPrompt: 'a pier' });
  });

  it('animate: image and resolution, --motion high in the prompt, no empty prompt', () => {
    const animate = (prompt: string, resolution: '480p' | '720p', motion: 'low' | 'high') =>
      upstreamBody({ kind: 'animate', imageNo: 3, prompt, resolution, motion }).params;
    expect(animate('', '480p', 'low')).toEqual({ imageNo: 3, videoType: 0 });
    expect(animate(' waves roll in ', '720p', 'low')).toEqual({
      imageNo: 3,
      videoType: 1,
      prompt: 'waves roll in',
    });
    expect(animate('waves', '480p', 'high')).toEqual({
      imageNo: 3,
      videoType: 0,
      prompt: 'waves --motion high',
    });
    expect(animate('', '480p', 'high')).toMatchObject({ prompt: '--motion high' });
  });

  it('extend: the clip and its prompt', () => {
    expect(upstreamBody({ kind: 'extend', videoNo: 1, prompt: ' keeps walking ' })).toEqual({
      operation: 'extend-video',
      parentId: PARENT,
      params: { videoNo: 1, prompt: 'keeps walking' },
    });
  });

  it('a remix without words fails the contract, as the dialog then says', () => {
    expect(() => upstreamBody({ kind: 'remix', imageNo: 0, prompt: ' ', mode: 'strong' })).toThrow(
      /remixPrompt: must be a string of 1 to 8192 characters/,
    );
  });
});
