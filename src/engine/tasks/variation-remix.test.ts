import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '@/contract/task';
import { edgeCorrelation } from '../media/metrics/compare';
import type { Pixels } from '../media/metrics/metrics';
import { hueBandFraction, ssim } from '../media/metrics/metrics';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';
import { completed, imageOut, pixelsAt } from './follow-up-test-support';

/** Measurements run on 256x144 copies: the composition, not the grain. */
const SMALL = { width: 256, height: 144 };
const TEAL = 178;

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function imagesOf(t: TaskResponse): Promise<Pixels[]> {
  return Promise.all(imageOut(t).image_urls.map((u) => pixelsAt(u, SMALL)));
}

describe('variation and remix', () => {
  let t: TestEngine;
  let parent: TaskResponse;
  let source: Pixels;
  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 20 });
    parent = await completed(t, 'diffusion', { text: 'a red barn at dawn --ar 16:9 --seed 7' });
    source = await pixelsAt(imageOut(parent).image_urls[1] ?? '', SMALL);
  });
  afterAll(() => t.stop());

  it('varies one image four ways: subtle stays closer to the source than strong', async () => {
    // One seed for both, so only the strength tells them apart (each job's own seed,
    // drawn from its id, made the margin below a matter of luck now and then).
    const [subtle, strong] = await Promise.all([
      completed(t, 'variation', { jobId: parent.job_id, imageNo: 1, remixPrompt: '--seed 11' }),
      completed(t, 'variation', {
        jobId: parent.job_id,
        imageNo: 1,
        type: 1,
        remixPrompt: '--seed 11',
      }),
    ]);
    expect(subtle.meta?.usage).toEqual({ type: 'credit', frozen: 120, consume: 120 });
    const out = imageOut(strong);
    expect(out.image_urls).toHaveLength(4);
    expect(out.image_url).toBe(`${t.url}/files/${strong.job_id}_grid.png`);
    expect(out.available_actions).toMatchObject({ upscale: [0, 1, 2, 3], reroll: true });
    expect((await pixelsAt(out.image_urls[0] ?? '')).width).toBe(1024);
    const s1 = (await imagesOf(subtle)).map((p) => ssim(source, p));
    const s2 = (await imagesOf(strong)).map((p) => ssim(source, p));
    // Bands: subtle SSIM 0.65-0.95, strong 0.4-0.9 and at least 0.04 below subtle.
    for (const s of s1) expect(s).toBeGreaterThan(0.65);
    for (const s of s1) expect(s).toBeLessThan(0.95);
    for (const s of s2) expect(s).toBeGreaterThan(0.4);
    for (const s of s2) expect(s).toBeLessThan(0.9);
    expect(mean(s2)).toBeLessThan(mean(s1) - 0.04);
  });

  it('shifts a variation toward the colours of its remixPrompt', async () => {
    const done = await completed(t, 'variation', {
      jobId: parent.job_id,
      imageNo: 1,
      type: 1,
      remixPrompt: 'a teal lagoon',
    });
    const teal = (await imagesOf(done)).map((p) => hueBandFraction(p, TEAL, 30));
    // The red source has (almost) no teal; at least a third of the colour moves there.
    expect(hueBandFraction(source, TEAL, 30)).toBeLessThan(0.05);
    expect(mean(teal)).toBeGreaterThan(0.33);
  });

  it('remixes keeping the edges (correlation >= 0.5); strong moves the palette further', async () => {
    const [strong, subtle] = await Promise.all([
      completed(t, 'remix', { jobId: parent.job_id, imageNo: 1, remixPrompt: 'teal glass city' }),
      completed(t, 'remix', {
        jobId: parent.job_id,
        imageNo: 1,
        remixPrompt: 'teal glass city',
        mode: 1,
      }),
    ]);
    expect(strong.meta?.usage.frozen).toBe(120);
    const [a, b] = await Promise.all([imagesOf(strong), imagesOf(subtle)]);
    for (const p of [...a, ...b]) expect(edgeCorrelation(source, p)).toBeGreaterThanOrEqual(0.5);
    const tealStrong = mean(a.map((p) => hueBandFraction(p, TEAL, 30)));
    const tealSubtle = mean(b.map((p) => hueBandFraction(p, TEAL, 30)));
    // Measured: source ~0, subtle ~0.5, strong ~1 of the coloured pixels in the teal band.
    expect(tealSubtle).toBeGreaterThan(0.2);
    expect(tealStrong).toBeGreaterThan(0.8);
    expect(tealStrong).toBeGreaterThan(tealSubtle + 0.2);
  });

  it('refuses a remix prompt with bad flags, as a field error', async () => {
    const bad = await t.post('remix', {
      jobId: parent.job_id,
      imageNo: 0,
      remixPrompt: 'teal --chaos 500',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^remixPrompt: --chaos must be/);
  });
});
