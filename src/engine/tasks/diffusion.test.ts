import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageOutput, TaskResponse } from '@/contract/task';
import { isImageOutput, progressFromLogs } from '@/contract/task';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';

const imageOutput = (t: TaskResponse): ImageOutput => {
  if (!t.output || !isImageOutput(t.output)) throw new Error(`no image output: ${t.status}`);
  return t.output;
};

async function fetchPng(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe('diffusion, end to end', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 200 });
  });
  afterAll(() => t.stop());

  it('moves pending -> processing -> completed and serves a 16:9 grid', async () => {
    const created = await t.post('diffusion', {
      text: 'a lighthouse in a storm --ar 16:9 --seed 42',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'pending', task_type: 'diffusion', output: null });
    expect(created.body.meta?.usage).toEqual({ type: 'credit', frozen: 80, consume: 0 });
    expect(created.body.input).toEqual({ text: 'a lighthouse in a storm --ar 16:9 --seed 42' });

    const seen = new Set<string>([created.body.status]);
    let progressSeen = false;
    const done = await t.waitFor(created.body.job_id, (job) => {
      seen.add(job.status);
      if (job.status === 'processing' && progressFromLogs(job.logs) !== null) progressSeen = true;
      return isFinal(job);
    });
    expect([...seen]).toEqual(['pending', 'processing', 'completed']);
    expect(progressSeen).toBe(true);
    expect(done.meta?.usage).toEqual({ type: 'credit', frozen: 80, consume: 80 });
    expect(done.meta?.started_at).toMatch(/^20\d\d-/);
    expect(done.meta?.ended_at).toMatch(/^20\d\d-/);
    expect(done.logs.join('\n')).toMatch(/status pending -> processing[\s\S]*progress 50%/);
    expect(done.logs.at(-1)).toMatch(/^\S+Z status processing -> completed$/);

    const out = imageOutput(done);
    expect(out.seed).toBe('42');
    expect(out.image_urls).toHaveLength(4);
    expect(out.image_url).toBe(`${t.url}/files/${done.job_id}_grid.png`);
    expect(out.available_actions).toEqual({
      upscale: [0, 1, 2, 3],
      variation: [0, 1, 2, 3],
      remix: [0, 1, 2, 3],
      inpaint: [0, 1, 2, 3],
      outpaint: [0, 1, 2, 3],
      pan: [0, 1, 2, 3],
      edit: [0, 1, 2, 3],
      reroll: true,
    });
    for (const url of out.image_urls) {
      expect(url).toContain(done.job_id);
      expect(await fetchPng(url)).toMatchObject({ format: 'png', width: 1024, height: 576 });
    }
    expect(await fetchPng(out.image_url)).toMatchObject({ width: 2048, height: 1152 });
  });

  it('makes a half-price draft batch of 8 images for --draft --v 7', async () => {
    const created = await t.post('diffusion', { text: 'foggy pines --draft --v 7' });
    expect(created.body.meta?.usage.frozen).toBe(40);
    const done = await t.waitFor(created.body.job_id, isFinal);
    const out = imageOutput(done);
    const all = [0, 1, 2, 3, 4, 5, 6, 7];
    expect(out.image_urls).toHaveLength(8);
    expect(out.available_actions).toEqual({ upscale: all, variation: all, enhance: all });
    expect(await fetchPng(out.image_urls[7] ?? '')).toMatchObject({ width: 512, height: 512 });
    const tooFar = await t.post('upscale', { jobId: done.job_id, imageNo: 8 });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.message).toBe('imageNo: must be between 0 and 7');
  });

  it('doubles the price with --turbo', async () => {
    const created = await t.post('diffusion', { text: 'a red kite --turbo' });
    expect(created.body.meta?.usage.frozen).toBe(160);
  });

  it('does not serve media of unknown jobs or odd names', async () => {
    expect((await t.get('/files/00000000-0000-4000-8000-000000000000_0.png')).status).toBe(404);
    expect((await t.get('/files/..%2Fengine.sqlite')).status).toBe(404);
  });
});
