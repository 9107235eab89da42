import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '@/contract/task';
import type { ImageServer } from '../fetch/test-server';
import { startImageServer } from '../fetch/test-server';
import { crop, hueHistogramDistance } from '../media/metrics/compare';
import type { Pixels } from '../media/metrics/metrics';
import { decode, hueBandFraction } from '../media/metrics/metrics';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';
import { completed, diffWhere, fetchBytes, imageOut, pixelsAt } from './follow-up-test-support';

/** The parent images are 1024x576 (--ar 16:9). */
const W = 1024;
const H = 576;
const TEAL = 178;

/** A mask the way a test sees it: the polygon rasterised by sharp, 0..255 per pixel. */
async function rasterMask(points: readonly number[], frame: { w: number; h: number }) {
  const scaled = points.map((v, i) => (i % 2 === 0 ? (v * W) / frame.w : (v * H) / frame.h));
  const pairs = scaled.reduce<string[]>((acc, v, i) => {
    if (i % 2 === 0) acc.push(`${v},${scaled[i + 1] ?? 0}`);
    return acc;
  }, []);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#000"/><polygon points="${pairs.join(' ')}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
}

/** Pixels well inside (255) or well outside (0) a mask: 3 px from any other value. */
function region(mask: Buffer, inside: boolean) {
  const want = inside ? 255 : 0;
  const ok = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let all = true;
      for (let d = -3; d <= 3 && all; d += 3) {
        const row = Math.min(H - 1, Math.max(0, y + d)) * W;
        const col = Math.min(W - 1, Math.max(0, x + d));
        all = mask[row + x] === want && mask[y * W + col] === want;
      }
      ok[y * W + x] = all ? 1 : 0;
    }
  }
  return (x: number, y: number) => ok[y * W + x] === 1;
}

describe('inpaint, outpaint and pan', () => {
  let t: TestEngine;
  let parent: TaskResponse;
  let source: Pixels;
  let server: ImageServer;
  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 20 });
    parent = await completed(t, 'diffusion', { text: 'a red barn at dawn --ar 16:9' });
    source = await pixelsAt(imageOut(parent).image_urls[2] ?? '');
    const maskPng = await sharp({
      create: { width: 800, height: 450, channels: 3, background: '#000' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect x="100" y="100" width="300" height="200" fill="#fff"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    server = await startImageServer({ '/mask.png': { body: maskPng } });
  });
  afterAll(async () => {
    await server.close();
    await t.stop();
  });

  it('repaints inside the polygons only: outside <= 2 levels off, inside >= 20, teal', async () => {
    const points = [600, 200, 950, 250, 800, 900];
    const done = await completed(t, 'inpaint', {
      jobId: parent.job_id,
      imageNo: 2,
      remixPrompt: 'a teal flower garden',
      mask: { areas: [{ width: 1000, height: 1000, points }] },
    });
    expect(done.meta?.usage.frozen).toBe(120);
    const mask = await rasterMask(points, { w: 1000, h: 1000 });
    for (const url of imageOut(done).image_urls) {
      const out = await pixelsAt(url);
      expect(diffWhere(source, out, region(mask, false)).max).toBeLessThanOrEqual(2);
      expect(diffWhere(source, out, region(mask, true)).mean).toBeGreaterThanOrEqual(20);
    }
    const first = await pixelsAt(imageOut(done).image_urls[0] ?? '');
    const inside = crop(first, 700, 200, 80, 150);
    expect(hueBandFraction(inside, TEAL, 30)).toBeGreaterThan(0.5);
  });

  it('reads a mask image from a URL (white = repaint), scaled onto the image', async () => {
    const done = await completed(t, 'inpaint', {
      jobId: parent.job_id,
      imageNo: 2,
      remixPrompt: 'teal roses',
      mask: { url: `${server.url}/mask.png` },
    });
    // The mask's white box (100..400 x 100..300 of 800x450) lands at 128..512 x 128..384.
    const out = await pixelsAt(imageOut(done).image_urls[0] ?? '');
    const near = (x: number, y: number) => x >= 124 && x < 516 && y >= 124 && y < 388;
    expect(diffWhere(source, out, (x, y) => !near(x, y)).max).toBeLessThanOrEqual(2);
    expect(
      diffWhere(source, out, (x, y) => x >= 140 && x < 500 && y >= 140 && y < 372).mean,
    ).toBeGreaterThanOrEqual(20);
  });

  it('zooms out by scale: the source centred unchanged, the border continuing its palette', async () => {
    const done = await completed(t, 'outpaint', { jobId: parent.job_id, imageNo: 2, scale: 1.5 });
    expect(done.meta?.usage.frozen).toBe(80);
    const out = await pixelsAt(imageOut(done).image_urls[1] ?? '');
    expect([out.width, out.height]).toEqual([1536, 864]);
    const centre = crop(out, 256, 144, W, H);
    expect(diffWhere(source, centre, () => true).max).toBeLessThanOrEqual(2);
    // The new top band has the source's hues: histogram distance below 0.35 (measured ~0.1).
    expect(hueHistogramDistance(source, crop(out, 0, 0, 1536, 144))).toBeLessThan(0.35);
  });

  it('pans right by scale keeping the source exactly; refuses a pan beyond 8192 px', async () => {
    const done = await completed(t, 'pan', {
      jobId: parent.job_id,
      imageNo: 2,
      direction: 1,
      scale: 3,
    });
    const png = await fetchBytes(imageOut(done).image_urls[0] ?? '');
    const out = await decode(png);
    expect([out.width, out.height]).toEqual([3072, 576]);
    expect(diffWhere(source, crop(out, 0, 0, W, H), () => true).max).toBeLessThanOrEqual(2);
    expect(hueHistogramDistance(source, crop(out, W, 0, 2048, H))).toBeLessThan(0.35);
    const up = await completed(t, 'pan', {
      jobId: parent.job_id,
      imageNo: 0,
      direction: 2,
      scale: 1.25,
    });
    const upOut = await pixelsAt(imageOut(up).image_urls[0] ?? '');
    expect([upOut.width, upOut.height]).toEqual([1024, 720]);
    const first = await pixelsAt(imageOut(parent).image_urls[0] ?? '');
    expect(diffWhere(first, crop(upOut, 0, 144, W, H), () => true).max).toBeLessThanOrEqual(2);
    const tooWide = await t.post('pan', { jobId: done.job_id, imageNo: 0, direction: 3, scale: 3 });
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.error.message).toBe(
      'the output would be 9216x576 px; no output side may exceed 8192 px',
    );
  });
});
