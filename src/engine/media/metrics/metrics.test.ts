import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Pixels } from './metrics';
import {
  decode,
  dominantHue,
  hueBandFraction,
  hueDistance,
  hueHistogram,
  laplacianEnergy,
  meanAbsDiff,
  seamStats,
  ssim,
} from './metrics';

const solid = async (r: number, g: number, b: number, w = 32, h = 32): Promise<Pixels> =>
  decode(
    await sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer(),
  );

function noise(w: number, h: number, seed: number): Pixels {
  let s = seed;
  const data = Uint8Array.from({ length: w * h * 3 }, () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s >>> 24;
  });
  return { data, width: w, height: h, channels: 3 };
}

describe('metrics', () => {
  it('meanAbsDiff is 0 for identical images and the level gap for flat ones', async () => {
    const a = await solid(10, 20, 30);
    expect(meanAbsDiff(a, a)).toBe(0);
    expect(meanAbsDiff(a, await solid(20, 30, 40))).toBeCloseTo(10, 6);
  });

  it('ssim is 1 for identical images and low for unrelated noise', () => {
    const a = noise(64, 64, 1);
    expect(ssim(a, a)).toBeCloseTo(1, 6);
    expect(ssim(a, noise(64, 64, 2))).toBeLessThan(0.2);
  });

  it('finds the dominant hue of flat colours (within the 10° bin resolution)', async () => {
    expect(hueDistance(dominantHue(await solid(255, 0, 0)), 0)).toBeLessThanOrEqual(5);
    expect(hueDistance(dominantHue(await solid(0, 200, 0)), 120)).toBeLessThanOrEqual(5);
    expect(hueDistance(dominantHue(await solid(0, 85, 255)), 220)).toBeLessThanOrEqual(5);
    expect(Number.isNaN(dominantHue(await solid(128, 128, 128)))).toBe(true);
  });

  it('hue histogram sums to 1 and ignores grey pixels', async () => {
    const h = hueHistogram(await solid(0, 0, 255));
    expect(h).toHaveLength(36);
    expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(hueHistogram(await solid(90, 90, 90)).every((v) => v === 0)).toBe(true);
  });

  it('hue band fraction counts saturated pixels in the band only', async () => {
    expect(hueBandFraction(await solid(255, 0, 0), 0, 20)).toBe(1);
    expect(hueBandFraction(await solid(0, 0, 255), 0, 20)).toBe(0);
  });

  it('laplacian energy is 0 for flat images and high for noise', async () => {
    expect(laplacianEnergy(await solid(50, 60, 70))).toBe(0);
    expect(laplacianEnergy(noise(32, 32, 3))).toBeGreaterThan(50);
  });

  it('seam stats see a horizontal ramp as a strong left/right seam', () => {
    const w = 16;
    const h = 8;
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) data.fill(x * 10, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const s = seamStats({ data, width: w, height: h, channels: 3 });
    expect(s.interiorX).toBeCloseTo(10, 6);
    expect(s.seamX).toBeCloseTo(150, 6);
    expect(s.seamY).toBe(0);
  });
});
