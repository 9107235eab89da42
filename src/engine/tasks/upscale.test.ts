import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '@/contract/task';
import { isImageOutput } from '@/contract/task';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';

const OWNER = 'key-upscale-owner';
const OTHER = 'key-upscale-other';

const urlsOf = (t: TaskResponse): string[] =>
  t.output && isImageOutput(t.output) ? t.output.image_urls : [];

async function sizeAt(url: string) {
  const res = await fetch(url);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height };
}

describe('upscale', () => {
  let t: TestEngine;
  let grid: TaskResponse;
  beforeAll(async () => {
    t = await startTestEngine({
      accounts: [
        { apiKey: OWNER, name: 'owner' },
        { apiKey: OTHER, name: 'other' },
      ],
    });
    const created = await t.post('diffusion', { text: 'a red barn at dawn --ar 16:9' });
    grid = await t.waitFor(created.body.job_id, isFinal);
  });
  afterAll(() => t.stop());

  it('turns image 2 of a grid into one image twice as large', async () => {
    const created = await t.post('upscale', { jobId: grid.job_id, imageNo: 2 });
    expect(created.status).toBe(200);
    expect(created.body.input).toEqual({ jobId: grid.job_id, imageNo: 2, type: 0 });
    expect(created.body.meta?.usage.frozen).toBe(120);
    const done = await t.waitFor(created.body.job_id, isFinal);
    expect(done.status).toBe('completed');
    const out = done.output && isImageOutput(done.output) ? done.output : null;
    expect(out?.image_urls).toEqual([out?.image_url]);
    expect(out?.available_actions).toEqual({
      upscale: [0],
      variation: [0],
      remix: [0],
      inpaint: [0],
      outpaint: [0],
      pan: [0],
      edit: [0],
    });
    expect(await sizeAt(out?.image_url ?? '')).toEqual({ width: 2048, height: 1152 });
    expect(done.meta?.usage).toEqual({ type: 'credit', frozen: 120, consume: 120 });
  });

  it('prices creative upscales higher', async () => {
    const created = await t.post('upscale', { jobId: grid.job_id, imageNo: 0, type: 1 });
    expect(created.body.meta?.usage.frozen).toBe(160);
    await t.waitFor(created.body.job_id, isFinal);
  });

  it('refuses parents that are unknown, foreign or not completed', async () => {
    const unknown = await t.post('upscale', { jobId: randomUUID(), imageNo: 0 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/^jobId: no task/);
    const foreign = await t.post('upscale', { jobId: grid.job_id, imageNo: 0 }, OTHER);
    expect(foreign.status).toBe(404);
    const young = await t.post('diffusion', { text: 'a blue barn' });
    const early = await t.post('upscale', { jobId: young.body.job_id, imageNo: 0 });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toMatch(
      /^parent task is (pending|processing), not completed$/,
    );
  });

  it('checks the index against the parent and the action against its available_actions', async () => {
    const range = await t.post('upscale', { jobId: grid.job_id, imageNo: 4 });
    expect(range.status).toBe(400);
    expect(range.body.error.message).toBe('imageNo: must be between 0 and 3');
    const v5only = await t.post('upscale', { jobId: grid.job_id, imageNo: 1, type: 2 });
    expect(v5only.status).toBe(400);
    expect(v5only.body.error.message).toMatch(/^type: 2 .*--v 5/);
  });

  it('refuses at create an output side above 8192 px', async () => {
    const v5 = await t.post('diffusion', { text: 'a tall tower --v 5.2 --ar 16:9' });
    const v5grid = await t.waitFor(v5.body.job_id, isFinal);
    const x4 = await t.post('upscale', { jobId: v5grid.job_id, imageNo: 0, type: 3 });
    const big = await t.waitFor(x4.body.job_id, isFinal);
    expect(await sizeAt(urlsOf(big)[0] ?? '')).toEqual({ width: 4096, height: 2304 });
    const tooBig = await t.post('upscale', { jobId: big.job_id, imageNo: 0, type: 3 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.message).toMatch(/16384x9216 px; no output side may exceed 8192 px/);
  });
});
