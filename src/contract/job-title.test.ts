import { describe, expect, it } from 'vitest';
import { type TitleFacts, jobTitleOf } from './job-title';

const job = (facts: Partial<TitleFacts> = {}): TitleFacts => ({
  operation: 'diffusion',
  params: null,
  parentId: null,
  prompt: 'a lighthouse in a storm --ar 16:9',
  ...facts,
});
const followUp = (operation: TitleFacts['operation'], params: TitleFacts['params'] = null) =>
  job({ operation, parentId: 'aaaaaaaaaa', params });

describe('jobTitleOf', () => {
  it('says what a follow-up is, from the params it was created with', () => {
    expect(jobTitleOf(followUp('upscale', { imageNo: 1, type: 0 }))).toBe('Upscale (subtle)');
    expect(jobTitleOf(followUp('upscale', { imageNo: 1, type: 1 }))).toBe('Upscale (creative)');
    expect(jobTitleOf(followUp('variation', { imageNo: 1, type: 1 }))).toBe('Vary (strong)');
    expect(jobTitleOf(followUp('remix', { mode: 1, remixPrompt: 'x' }))).toBe('Remix (subtle)');
    expect(jobTitleOf(followUp('outpaint', { imageNo: 1, scale: 2 }))).toBe('Zoom out 2×');
    expect(jobTitleOf(followUp('outpaint', { imageNo: 1, scale: 1.5 }))).toBe('Zoom out 1.5×');
    expect(jobTitleOf(followUp('pan', { imageNo: 1, direction: 3, scale: 1.5 }))).toBe('Pan left');
    expect(jobTitleOf(followUp('pan', { direction: 0 }))).toBe('Pan down');
    expect(jobTitleOf(followUp('video_diffusion', { imageNo: 1, videoType: 1 }))).toBe(
      'Animate (720p)',
    );
    const imgUrls = ['https://a.test/1.png', 'https://a.test/2.png', 'https://a.test/3.png'];
    expect(jobTitleOf(job({ operation: 'blend', params: { imgUrls } }))).toBe('Blend of 3 images');
  });

  it('falls back to the plain name for jobs created before the studio kept params', () => {
    expect(jobTitleOf(followUp('upscale'))).toBe('Upscale');
    expect(jobTitleOf(followUp('outpaint'))).toBe('Zoom out');
    const { params: _, ...older } = followUp('pan');
    expect(jobTitleOf(older)).toBe('Pan');
    expect(jobTitleOf(job({ operation: 'video_diffusion' }))).toBe('Image URL to video');
  });

  it('names a field it can still read when another no longer parses', () => {
    // A redacted URL fails its field's schema; the scale is still known.
    expect(jobTitleOf(followUp('outpaint', { imageNo: 'x', scale: 2 }))).toBe('Zoom out 2×');
  });

  it('names first jobs and the other operations', () => {
    expect(jobTitleOf(job())).toBe('Imagine');
    expect(jobTitleOf(job({ prompt: 'a fox --v 7 --draft' }))).toBe('Draft batch');
    expect(jobTitleOf(followUp('reroll', {}))).toBe('Reroll');
    expect(jobTitleOf(job({ operation: 'remove_background' }))).toBe('Remove background');
    expect(jobTitleOf(job({ operation: 'describe' }))).toBe('Describe image');
    expect(jobTitleOf(job({ operation: 'shorten' }))).toBe('Shorten prompt');
    expect(jobTitleOf(followUp('extend_video'))).toBe('Extend video');
  });
});
