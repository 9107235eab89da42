import { describe, expect, it } from 'vitest';
import { VIDEO_MOTION_LABELS, VIDEO_MOTIONS } from '@/contract/prompt-flags';
import { VIDEO_RESOLUTIONS } from '@/contract/requests/choices';
import { VIDEO_MOTION_OPTIONS, VIDEO_RESOLUTION_OPTIONS } from './video-options';

/* The video forms (Animate, Text to video) offer the contract's values, with its labels. */

describe('video options', () => {
  it('resolutions: each of the contract, named as it is', () => {
    expect(VIDEO_RESOLUTION_OPTIONS.map((o) => [o.value, o.label])).toEqual(
      VIDEO_RESOLUTIONS.map((r) => [r, r]),
    );
  });

  it('motions: each of the contract, with its label', () => {
    expect(VIDEO_MOTION_OPTIONS.map((o) => [o.value, o.label])).toEqual(
      VIDEO_MOTIONS.map((m) => [m, VIDEO_MOTION_LABELS[m]]),
    );
  });
});
