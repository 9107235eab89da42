import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completed, imageOut } from '../tasks/follow-up-test-support';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';
import { renderDiffusion } from './scene/diffusion';
import { closeMediaPool, inMediaPool, mediaWorkerCount } from './media-pool';

const SPEC = {
  text: 'a red fox in snow',
  seed: 5,
  aspect: { w: 1, h: 1 },
  longSide: 256,
  count: 1,
};

describe('media pool', () => {
  afterAll(() => closeMediaPool());

  it('renders on a worker the same bytes as inline, as Buffers', async () => {
    const inline = await renderDiffusion(SPEC);
    const pooled = await inMediaPool('renderDiffusion', [SPEC]);
    expect(Buffer.isBuffer(pooled.grid)).toBe(true);
    expect(pooled.grid.equals(inline.grid)).toBe(true);
  });

  it('an engine stop during a render ends its worker before stop resolves', async () => {
    await closeMediaPool();
    const t = await startTestEngine({ taskMs: 0 });
    const created = await t.post('diffusion', { text: 'a harbour at dawn --ar 16:9' });
    expect(created.status).toBe(200);
    await t.waitFor(created.body.job_id, (job) => job.status === 'processing');
    expect(mediaWorkerCount()).toBeGreaterThan(0);
    await t.stop();
    expect(mediaWorkerCount()).toBe(0);
  });

  it('an abort ends the render at once', async () => {
    const abort = new AbortController();
    const render = inMediaPool(
      'renderDiffusion',
      [{ ...SPEC, longSide: 1024, count: 4 }],
      abort.signal,
    );
    setTimeout(() => abort.abort(), 20);
    const t0 = performance.now();
    await expect(render).rejects.toThrow(/stopped/);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

// How responsive the engine stays meanwhile (event loop delay, read times) is measured
// by `npm run bench` (bench/engine-loop.ts), not asserted here.
describe('a remix renders on the media workers', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 0 });
  });
  afterAll(() => t.stop());

  it('while the engine answers job reads', async () => {
    const parent = await completed(t, 'diffusion', { text: 'a lighthouse in a storm --seed 9' });
    expect(imageOut(parent).image_urls).toHaveLength(4);
    await closeMediaPool();
    const created = await t.post('remix', {
      jobId: parent.job_id,
      imageNo: 0,
      remixPrompt: 'a lighthouse in a storm, vivid orange and purple',
      mode: 0,
    });
    expect(created.status).toBe(200);
    let readsWhileRendering = 0;
    for (let i = 0; i < 6000; i++) {
      const { status, body } = await t.job(created.body.job_id);
      expect(status).toBe(200);
      if (isFinal(body)) {
        expect(body.status).toBe('completed');
        break;
      }
      if (body.status === 'processing' && mediaWorkerCount() > 0) readsWhileRendering++;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(readsWhileRendering).toBeGreaterThan(3);
  });
});
