import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '@/contract/task';
import { meanAbsDiff, ssim } from '../media/metrics/metrics';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';
import { completed, imageOut, pixelsAt } from './follow-up-test-support';

const OWNER = 'key-followups-owner';
const OTHER = 'key-followups-other';
const SMALL = { width: 256, height: 256 };

describe('reroll, enhance and the follow-up rules', () => {
  let t: TestEngine;
  let grid: TaskResponse;
  let draft: TaskResponse;
  beforeAll(async () => {
    t = await startTestEngine({
      taskMs: 20,
      accounts: [
        { apiKey: OWNER, name: 'owner' },
        { apiKey: OTHER, name: 'other' },
      ],
    });
    [grid, draft] = await Promise.all([
      completed(t, 'diffusion', { text: 'a castle on a hill --seed 5 --turbo' }),
      completed(t, 'diffusion', { text: 'foggy pines by a lake --draft --v 7' }),
    ]);
  });
  afterAll(() => t.stop());

  it('rerolls four new images for the same prompt, each unlike every parent image', async () => {
    const done = await completed(t, 'reroll', { jobId: grid.job_id });
    // The parent's --turbo carries over: reroll costs 160 instead of 80.
    expect(done.meta?.usage.frozen).toBe(160);
    const out = imageOut(done);
    expect(out.image_urls).toHaveLength(4);
    expect(out.seed).not.toBe(imageOut(grid).seed);
    expect(out.available_actions).toMatchObject({ variation: [0, 1, 2, 3], reroll: true });
    const before = await Promise.all(imageOut(grid).image_urls.map((u) => pixelsAt(u, SMALL)));
    const after = await Promise.all(out.image_urls.map((u) => pixelsAt(u, SMALL)));
    expect((await pixelsAt(out.image_urls[0] ?? '')).width).toBe(1024);
    // Different pictures differ by tens of levels on average; 8 is a safe floor.
    for (const a of after) for (const b of before) expect(meanAbsDiff(a, b)).toBeGreaterThan(8);
  });

  it('enhances a draft image to full size, the same scene (SSIM >= 0.9)', async () => {
    const done = await completed(t, 'enhance', { jobId: draft.job_id, imageNo: 5 });
    expect(done.meta?.usage.frozen).toBe(80);
    const out = imageOut(done);
    expect(out.image_urls).toEqual([out.image_url]);
    expect(out.available_actions).toEqual({
      upscale: [0],
      variation: [0],
      remix: [0],
      inpaint: [0],
      outpaint: [0],
      pan: [0],
      edit: [0],
    });
    const full = await pixelsAt(out.image_url);
    expect([full.width, full.height]).toEqual([1024, 1024]);
    const draftPx = await pixelsAt(imageOut(draft).image_urls[5] ?? '');
    const shrunk = await pixelsAt(out.image_url, { width: 512, height: 512 });
    expect(ssim(draftPx, shrunk)).toBeGreaterThanOrEqual(0.9);
  });

  it('enhances only draft batches, within their range', async () => {
    const notDraft = await t.post('enhance', { jobId: grid.job_id, imageNo: 0 });
    expect(notDraft.status).toBe(400);
    expect(notDraft.body.error.message).toBe(
      'jobId: enhance needs a --draft --v 7 task as its parent',
    );
    const range = await t.post('enhance', { jobId: draft.job_id, imageNo: 8 });
    expect(range.body.error.message).toBe('imageNo: must be between 0 and 7');
  });

  it('refuses actions the parent does not list, foreign or unknown parents and bad indexes', async () => {
    const refused = async (op: string, body: object, status: number, message: string | RegExp) => {
      const res = await t.post(op, body, (body as { key?: string }).key ?? OWNER);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ status: 'failed', job_id: '', input: null, meta: null });
      expect(res.body.error.message).toMatch(message);
    };
    // A draft batch lists upscale, variation and enhance only.
    await refused(
      'remix',
      { jobId: draft.job_id, imageNo: 0, remixPrompt: 'red' },
      400,
      /^remix is unsupported for this image$/,
    );
    await refused('reroll', { jobId: draft.job_id }, 400, /^reroll is unsupported for this task/);
    await refused(
      'pan',
      { jobId: grid.job_id, imageNo: 3, direction: 1, scale: 1.5, key: OTHER },
      404,
      /^jobId: no task/,
    );
    await refused(
      'outpaint',
      { jobId: randomUUID(), imageNo: 0, scale: 1.5 },
      404,
      /^jobId: no task/,
    );
    await refused(
      'variation',
      { jobId: draft.job_id, imageNo: 9 },
      400,
      'imageNo: must be between 0 and 7',
    );
    const young = await t.post('diffusion', { text: 'a slow lamp' }, OWNER);
    await refused(
      'variation',
      { jobId: young.body.job_id, imageNo: 0 },
      400,
      /^parent task is (pending|processing), not completed$/,
    );
    const upscaled = await completed(t, 'upscale', { jobId: grid.job_id, imageNo: 0 });
    await refused(
      'remix',
      { jobId: upscaled.job_id, imageNo: 1, remixPrompt: 'blue' },
      400,
      'imageNo: must be between 0 and 0',
    );
    const text = await completed(t, 'shorten', {
      prompt: 'a very long and winding prompt about boats',
    });
    await refused(
      'variation',
      { jobId: text.job_id, imageNo: 0 },
      400,
      /^jobId: variation needs an image task; a shorten task has no images$/,
    );
  });
});
