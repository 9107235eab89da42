import { describe, expect, it } from 'vitest';
import { UPSCALE_TYPE_NAMES, VIDEO_RESOLUTIONS } from '@/contract/requests/choices';
import { FACTOR } from './upscale';
import { SHORT_SIDES, shortSideOf, videoTypeOf } from './video-common';

/* The engine's maps over the contract's value lists have exactly the contract's keys. */

describe("the engine's maps over the contract's lists", () => {
  it('an upscale factor for each upscale type', () => {
    expect(Object.keys(FACTOR).map(Number)).toEqual(UPSCALE_TYPE_NAMES.map((_, code) => code));
  });

  it('a short side for each video resolution, and a clip of it is of that resolution', () => {
    expect(Object.keys(SHORT_SIDES)).toEqual([...VIDEO_RESOLUTIONS]);
    VIDEO_RESOLUTIONS.forEach((resolution, code) => {
      const side = shortSideOf(code);
      expect(side).toBe(SHORT_SIDES[resolution]);
      const clip = {
        file: 'x.mp4',
        width: Math.round((side * 16) / 9),
        height: side,
        durationS: 5,
      };
      expect(videoTypeOf(clip)).toBe(code);
    });
  });
});
