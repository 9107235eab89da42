import { describe, expect, it } from 'vitest';
import { makeJob } from '@/web/lib/testing/fixtures';
import {
  costLabel,
  imageAlt,
  isRunning,
  jobLabel,
  lineageLabel,
  mediaDims,
  mediaLayout,
  promptDims,
  statusWord,
  videoLabel,
  viewableImages,
} from './job-view';

describe('dimensions', () => {
  it("use the server's measurement when there is one", () => {
    expect(mediaDims({ url: '/m/x/0', width: 1456, height: 816 }, 'x --ar 1:1')).toEqual({
      width: 1456,
      height: 816,
    });
  });

  it("fall back to the prompt's aspect ratio", () => {
    expect(mediaDims({ url: '/m/x/0', width: null, height: null }, 'x --ar 16:9')).toEqual({
      width: 1024,
      height: 576,
    });
    expect(promptDims('tall --ar 9:16')).toEqual({ width: 576, height: 1024 });
    expect(promptDims('no flags')).toEqual({ width: 1024, height: 1024 });
  });
});

describe('mediaLayout', () => {
  it('shows four images of a completed grid as a grid', () => {
    const layout = mediaLayout(makeJob());
    expect(layout.kind).toBe('grid');
    expect(viewableImages(makeJob())).toHaveLength(4);
  });

  it('shows an upscale result as one image', () => {
    const image = { url: '/media/u/0', width: 2048, height: 1152 };
    const job = makeJob({
      operation: 'upscale',
      output: { ...makeJob().output!, grid: null, images: [image], actions: {} },
    });
    expect(mediaLayout(job)).toEqual({ kind: 'single', image });
  });

  it('shows more than four images as a batch of thumbnails', () => {
    const images = Array.from({ length: 24 }, (_, n) => ({
      url: `/m/d/${n}`,
      width: 64,
      height: 64,
    }));
    const job = makeJob({ prompt: 'x --v 7 --draft', output: { ...makeJob().output!, images } });
    expect(mediaLayout(job)).toEqual({ kind: 'batch', images });
    expect(viewableImages(job)).toHaveLength(24);
  });

  it('shows clips and text prompts before any image', () => {
    const videos = [0, 1, 2, 3].map((n) => ({ url: `/m/v/${n}`, width: 854, height: 480 }));
    const base = { ...makeJob().output!, grid: null, images: [] };
    expect(mediaLayout(makeJob({ output: { ...base, videos } }))).toEqual({
      kind: 'videos',
      videos,
    });
    const prompts = ['a cat', 'a small cat'];
    expect(mediaLayout(makeJob({ output: { ...base, prompts } }))).toEqual({
      kind: 'prompts',
      prompts,
    });
    expect(viewableImages(makeJob({ output: { ...base, prompts } }))).toEqual([]);
  });

  it('shows nothing before completion', () => {
    expect(mediaLayout(makeJob({ status: 'processing' })).kind).toBe('none');
    expect(mediaLayout(makeJob({ output: null })).kind).toBe('none');
  });
});

describe('labels', () => {
  it('name a follow-up after its parent and the button that made it', () => {
    const job = makeJob({ operation: 'upscale', parentId: 'aaaaaaaaaa', parentIndex: 1 });
    expect(lineageLabel(job, 'diffusion')).toBe('from diffusion · U2');
    expect(lineageLabel(job, null)).toBe('from job · U2');
    expect(lineageLabel({ ...job, operation: 'pan' }, 'diffusion')).toBe(
      'from diffusion · image 2',
    );
    expect(lineageLabel({ ...job, operation: 'variation' }, 'diffusion')).toBe(
      'from diffusion · V2',
    );
    expect(lineageLabel({ ...job, operation: 'extend_video' }, 'video_diffusion')).toBe(
      'from video_diffusion · clip 2',
    );
    expect(lineageLabel({ ...job, parentIndex: null, operation: 'reroll' }, 'diffusion')).toBe(
      'from diffusion',
    );
  });

  it('name cards and images for assistive tech', () => {
    expect(jobLabel(makeJob({ prompt: ' a cat ' }))).toBe('Job diffusion: a cat');
    expect(jobLabel(makeJob({ operation: 'upscale', prompt: '' }))).toBe('Job upscale');
    expect(imageAlt(0, 'a cat')).toBe('Image 1 of a cat');
    expect(videoLabel(2, '')).toBe('Video 3 of this job');
  });

  it('say what a job costs at each stage', () => {
    const cost = { frozen: 80, consumed: 0, unit: 'point' };
    expect(costLabel(makeJob({ status: 'pending', cost }))).toBe('80 points held');
    expect(costLabel(makeJob({ status: 'failed', cost }))).toBe('refunded');
    expect(costLabel(makeJob({ cost: { ...cost, consumed: 80 } }))).toBe('80 points');
  });
});

describe('a job whose create the studio lost', () => {
  const lost = makeJob({
    status: 'pending',
    progress: 0,
    output: null,
    cost: { frozen: 0, consumed: 0, unit: 'credit' },
    createUnknown: 'Unknown: the studio lost the answer.',
  });

  it('reads as unknown, not as a running job with a cost held', () => {
    expect(statusWord(lost)).toBe('unknown');
    expect(isRunning(lost)).toBe(false);
    expect(costLabel(lost)).toBe('cost unknown');
    expect(mediaLayout(lost).kind).toBe('none');
  });

  it('reads as the job it turned into once the service reported on it', () => {
    const adopted = { ...lost, createUnknown: null };
    expect(statusWord(adopted)).toBe('pending');
    expect(isRunning(adopted)).toBe(true);
    expect(statusWord(makeJob())).toBe('completed');
    expect(isRunning(makeJob())).toBe(false);
  });
});
