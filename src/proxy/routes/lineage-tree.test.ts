import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lineageTreeSchema } from '@/contract/lineage-tree';
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

describe('GET /studio-api/jobs/:id/tree', () => {
  it('gives the same whole family from a grand-child and from the root', async () => {
    const root = await settled({ operation: 'diffusion', params: { text: 'family' } });
    const vary = await settled({
      operation: 'variation',
      parentId: root.id,
      params: { imageNo: 0 },
    });
    const up = await settled({ operation: 'upscale', parentId: root.id, params: { imageNo: 3 } });
    const grand = await settled({
      operation: 'upscale',
      parentId: vary.id,
      params: { imageNo: 1 },
    });
    await settled({ operation: 'diffusion', params: { text: 'stranger' } });

    const fromGrand = lineageTreeSchema.parse(
      (await stack.json(`/studio-api/jobs/${grand.id}/tree`)).body,
    );
    const fromRoot = lineageTreeSchema.parse(
      (await stack.json(`/studio-api/jobs/${root.id}/tree`)).body,
    );
    expect(fromGrand.rootId).toBe(root.id);
    expect(fromGrand.jobs.map((j) => j.id)).toEqual([root.id, vary.id, up.id, grand.id]);
    expect(fromRoot).toEqual(fromGrand);
    expect(fromRoot.truncated).toBe(false);
    expect((await stack.call('/studio-api/jobs/AAAAAAAAAAAA/tree')).status).toBe(404);
  });
});
