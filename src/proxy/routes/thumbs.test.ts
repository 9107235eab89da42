import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@/contract/studio-api';
import { Stack } from '../test/harness';
import { settledJob } from '../test/settled';

let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(async () => {
  stack.expectNoLeaks();
  await stack.stop();
});

const settled = (body: unknown): Promise<Job> => settledJob(stack, body);

describe('thumbnails', () => {
  it('serves a small WebP of each image, cached for good, and drops it with the job', async () => {
    const job = await settled({ operation: 'diffusion', params: { text: 'a lighthouse' } });
    const res = await stack.call(`/media/${job.id}/2/thumb`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(res.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(384);
    // (The size against the original is checked on a photo-like image in media/thumbs.test.ts.)

    const etag = res.headers.get('etag') ?? '';
    const again = await stack.call(`/media/${job.id}/2/thumb`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    const dir = path.join(stack.dataDir, 'thumbs', job.id);
    expect(existsSync(dir)).toBe(true);
    expect((await stack.call(`/studio-api/jobs/${job.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(existsSync(dir)).toBe(false);
    expect((await stack.call(`/media/${job.id}/2/thumb`)).status).toBe(404);
  });

  it('answers 404 for a video, a running job and a bad key', async () => {
    const parent = await settled({ operation: 'diffusion', params: { text: 'x' } });
    const video = await settled({
      operation: 'video-diffusion',
      parentId: parent.id,
      params: { imageNo: 0 },
    });
    for (const p of [
      `/media/${video.id}/0/thumb`,
      `/media/${parent.id}/x/thumb`,
      '/media/AAAAAAAAAAAA/0/thumb',
    ]) {
      expect((await stack.call(p)).status).toBe(404);
    }
  });
});
