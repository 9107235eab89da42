import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@/contract/studio-api';
import { jsonResponse, makeJob, makeList } from '@/web/lib/testing/fixtures';
import { jobQueries } from '../api/job-queries';
import { jobTitle } from './job-title';
import { lineageLabel } from './job-view';

afterEach(() => vi.unstubAllGlobals());

const followUp = (
  operation: Job['operation'],
  params: Job['params'] = null,
  parentIndex: number | null = 1,
) => makeJob({ operation, parentId: 'aaaaaaaaaa', parentIndex, params });

describe('jobTitle', () => {
  it('says what a follow-up is, from the params it was created with', () => {
    expect(jobTitle(followUp('upscale', { imageNo: 1, type: 0 }))).toBe('Upscale (subtle)');
    expect(jobTitle(followUp('upscale', { imageNo: 1, type: 1 }))).toBe('Upscale (creative)');
    expect(jobTitle(followUp('variation', { imageNo: 1, type: 1 }))).toBe('Vary (strong)');
    expect(jobTitle(followUp('remix', { mode: 1, remixPrompt: 'x' }))).toBe('Remix (subtle)');
    expect(jobTitle(followUp('outpaint', { imageNo: 1, scale: 2 }))).toBe('Zoom out 2×');
    expect(jobTitle(followUp('outpaint', { imageNo: 1, scale: 1.5 }))).toBe('Zoom out 1.5×');
    expect(jobTitle(followUp('pan', { imageNo: 1, direction: 3, scale: 1.5 }))).toBe('Pan left');
    expect(jobTitle(followUp('pan', { direction: 0 }))).toBe('Pan down');
    expect(jobTitle(followUp('video_diffusion', { imageNo: 1, videoType: 1 }))).toBe(
      'Animate (720p)',
    );
    expect(
      jobTitle(
        makeJob({
          operation: 'blend',
          params: {
            imgUrls: ['https://a.test/1.png', 'https://a.test/2.png', 'https://a.test/3.png'],
          },
        }),
      ),
    ).toBe('Blend of 3 images');
  });

  it('names them from a list the server sent, with nothing else known (a reloaded page)', async () => {
    const pan = followUp('pan', { imageNo: 3, direction: 3, scale: 1.5 });
    const up = { ...followUp('upscale', { imageNo: 1, type: 0 }), id: 'upUPup123456' };
    // As on the wire: the response is parsed with the contract, then titled.
    vi.stubGlobal('fetch', async () => jsonResponse(makeList([pan, up])));
    const fresh = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { jobs } = await fresh.fetchQuery(jobQueries.list());
    expect(jobs.map(jobTitle)).toEqual(['Pan left', 'Upscale (subtle)']);
  });

  it('falls back to the plain name for jobs created before the studio kept params', () => {
    expect(jobTitle(followUp('upscale'))).toBe('Upscale');
    expect(jobTitle(followUp('outpaint'))).toBe('Zoom out');
    const { params: _, ...older } = followUp('pan');
    expect(jobTitle(older)).toBe('Pan');
    expect(jobTitle(makeJob({ operation: 'video_diffusion' }))).toBe('Image URL to video');
  });

  it('names first jobs and the other operations', () => {
    expect(jobTitle(makeJob())).toBe('Imagine');
    expect(jobTitle(makeJob({ prompt: 'a fox --v 7 --draft' }))).toBe('Draft batch');
    expect(jobTitle(followUp('reroll', {}, null))).toBe('Reroll');
    expect(jobTitle(makeJob({ operation: 'remove_background' }))).toBe('Remove background');
    expect(jobTitle(makeJob({ operation: 'describe' }))).toBe('Describe image');
    expect(jobTitle(makeJob({ operation: 'shorten' }))).toBe('Shorten prompt');
    expect(jobTitle(followUp('extend_video'))).toBe('Extend video');
  });

  it('with the lineage link reads as one line: "Upscale (subtle) from diffusion · U2"', () => {
    const job = followUp('upscale', { imageNo: 1, type: 0 });
    expect(`${jobTitle(job)} ${lineageLabel(job, 'diffusion')}`).toBe(
      'Upscale (subtle) from diffusion · U2',
    );
  });
});
