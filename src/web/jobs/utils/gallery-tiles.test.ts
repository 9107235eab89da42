import { describe, expect, it } from 'vitest';
import type { Job } from '@/contract/studio-api';
import { downloadName, galleryTiles, thumbUrl } from './gallery-tiles';

const media = (url: string) => ({ url, width: 1024, height: 1024 });

function job(id: string, over: Partial<Job> = {}): Job {
  return {
    id,
    parentId: null,
    parentIndex: null,
    operation: 'diffusion',
    title: 'Imagine',
    prompt: 'a red fox',
    status: 'completed',
    progress: 100,
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: null,
    endedAt: null,
    cost: { frozen: 0, consumed: 0, unit: 'credit' },
    output: {
      grid: null,
      images: [0, 1, 2, 3].map((n) => media(`/media/${id}/${n}`)),
      videos: [],
      prompts: [],
      seed: '7',
      actions: {},
    },
    error: null,
    ...over,
  };
}

describe('galleryTiles', () => {
  it('lists every image and clip, newest job first, and skips jobs with nothing to show', () => {
    const video = job('vid-aaaaaaaa', {
      operation: 'video_diffusion',
      output: { ...job('x').output!, images: [], videos: [media('/media/vid-aaaaaaaa/0')] },
    });
    const running = job('run-aaaaaaaa', { status: 'processing', output: null });
    const text = job('txt-aaaaaaaa', {
      operation: 'describe',
      output: { ...job('x').output!, images: [], prompts: ['a'] },
    });
    const tiles = galleryTiles([video, running, job('img-aaaaaaaa'), text]);
    expect(tiles.map((t) => `${t.kind}:${t.key}`)).toEqual([
      'video:vid-aaaaaaaa/0',
      'image:img-aaaaaaaa/0',
      'image:img-aaaaaaaa/1',
      'image:img-aaaaaaaa/2',
      'image:img-aaaaaaaa/3',
    ]);
    expect(thumbUrl(tiles[1]!.item)).toBe('/media/img-aaaaaaaa/0/thumb');
  });

  it('gives an unchanged job the same tiles again, and a changed one new tiles', () => {
    const kept = job('old-aaaaaaaa');
    const before = galleryTiles([kept, job('chg-aaaaaaaa')]);
    const changed = job('chg-aaaaaaaa', { prompt: 'a blue fox' });
    const after = galleryTiles([job('new-aaaaaaaa'), kept, changed]);
    expect(after.slice(4, 8)).toEqual(before.slice(0, 4));
    after.slice(4, 8).forEach((t, i) => expect(t).toBe(before[i]));
    expect(after[8]).not.toBe(before[4]);
    expect(after[8]!.job.prompt).toBe('a blue fox');
  });
});

describe('downloadName', () => {
  it('is made of the prompt’s words, without flags or URLs, with the handle and number', () => {
    const j = job('abc-defghijk', {
      prompt:
        'https://x.test/a.png Crème brûlée, on a Table! --ar 16:9 --sref https://y.test/b.png --raw',
    });
    expect(downloadName({ job: j, index: 1, kind: 'image' })).toBe(
      'creme-brulee-on-a-table-abc-defghijk-2.png',
    );
    expect(
      downloadName({ job: job('v-aaaaaaaaaa', { prompt: '' }), index: 0, kind: 'video' }),
    ).toBe('diffusion-v-aaaaaaaaaa-1.mp4');
  });
});
