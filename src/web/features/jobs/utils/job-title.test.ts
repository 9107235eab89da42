import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../contract/studio-api';
import { makeJob } from '../../../lib/testing/fixtures';
import { jobTitle } from './job-title';
import { lineageLabel } from './job-view';

const followUp = (operation: Job['operation'], parentIndex: number | null = 1) =>
  makeJob({ operation, parentId: 'aaaaaaaaaa', parentIndex });

describe('jobTitle', () => {
  it('says what a follow-up is, from the params it was created with', () => {
    expect(jobTitle(followUp('upscale'), { imageNo: 1, type: 0 })).toBe('Upscale (subtle)');
    expect(jobTitle(followUp('upscale'), { imageNo: 1, type: 1 })).toBe('Upscale (creative)');
    expect(jobTitle(followUp('variation'), { imageNo: 1, type: 1 })).toBe('Vary (strong)');
    expect(jobTitle(followUp('remix'), { mode: 1, remixPrompt: 'x' })).toBe('Remix (subtle)');
    expect(jobTitle(followUp('outpaint'), { imageNo: 1, scale: 2 })).toBe('Zoom out 2×');
    expect(jobTitle(followUp('outpaint'), { imageNo: 1, scale: 1.5 })).toBe('Zoom out 1.5×');
    expect(jobTitle(followUp('pan'), { imageNo: 1, direction: 3, scale: 1.5 })).toBe('Pan left');
    expect(jobTitle(followUp('pan'), { direction: 0 })).toBe('Pan down');
    expect(jobTitle(followUp('video_diffusion'), { imageNo: 1, videoType: 1 })).toBe(
      'Animate (720p)',
    );
    expect(jobTitle(makeJob({ operation: 'blend' }), { imgUrls: ['a', 'b', 'c'] })).toBe(
      'Blend of 3 images',
    );
  });

  it('falls back to the plain name when the params are not known (a reloaded page)', () => {
    expect(jobTitle(followUp('upscale'), null)).toBe('Upscale');
    expect(jobTitle(followUp('outpaint'), null)).toBe('Zoom out');
    expect(jobTitle(followUp('pan'), null)).toBe('Pan');
    expect(jobTitle(makeJob({ operation: 'video_diffusion' }), null)).toBe('Image URL to video');
  });

  it('names first jobs and the other operations', () => {
    expect(jobTitle(makeJob(), null)).toBe('Imagine');
    expect(jobTitle(makeJob({ prompt: 'a fox --v 7 --draft' }), null)).toBe('Draft batch');
    expect(jobTitle(followUp('reroll', null), {})).toBe('Reroll');
    expect(jobTitle(makeJob({ operation: 'remove_background' }), null)).toBe('Remove background');
    expect(jobTitle(makeJob({ operation: 'describe' }), null)).toBe('Describe image');
    expect(jobTitle(makeJob({ operation: 'shorten' }), null)).toBe('Shorten prompt');
    expect(jobTitle(followUp('extend_video'), null)).toBe('Extend video');
  });

  it('with the lineage link reads as one line: "Upscale (subtle) from diffusion · U2"', () => {
    const job = followUp('upscale');
    const line = `${jobTitle(job, { imageNo: 1, type: 0 })} ${lineageLabel(job, 'diffusion')}`;
    expect(line).toBe('Upscale (subtle) from diffusion · U2');
  });
});
