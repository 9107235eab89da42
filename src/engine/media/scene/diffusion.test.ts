import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DiffusionSpec, RenderedGrid } from './diffusion';
import { imageSize, renderDiffusion } from './diffusion';
import type { Pixels } from '../metrics/metrics';
import {
  decode,
  dominantHue,
  hueBandFraction,
  hueDistance,
  lumaStdDev,
  meanAbsDiff,
  meanSaturation,
  seamStats,
} from '../metrics/metrics';

const cache = new Map<string, Promise<RenderedGrid>>();
/** Renders are memoised so tests sharing a spec do not pay twice. */
const render = (spec: DiffusionSpec): Promise<RenderedGrid> => {
  const key = JSON.stringify(spec);
  const hit = cache.get(key) ?? renderDiffusion(spec);
  cache.set(key, hit);
  return hit;
};

const SQUARE = { w: 1, h: 1 };
const WIDE = { w: 16, h: 9 };

/** Mean pairwise mean-abs-difference between the images of one render. */
async function spread(r: RenderedGrid): Promise<number> {
  const px = await Promise.all(r.images.map((b) => decode(b)));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < px.length; i++) {
    for (let j = i + 1; j < px.length; j++) {
      sum += meanAbsDiff(px[i] as Pixels, px[j] as Pixels);
      n++;
    }
  }
  return sum / n;
}

describe('imageSize', () => {
  it('keeps the long side and rounds the short one', () => {
    expect(imageSize({ w: 16, h: 9 }, 1024)).toEqual({ width: 1024, height: 576 });
    expect(imageSize({ w: 1, h: 1 }, 1024)).toEqual({ width: 1024, height: 1024 });
    expect(imageSize({ w: 2, h: 3 }, 1024)).toEqual({ width: 683, height: 1024 });
    expect(imageSize({ w: 9, h: 16 }, 512)).toEqual({ width: 288, height: 512 });
  });
});

describe('renderDiffusion', () => {
  it('renders four 1024x576 images and a 2048x1152 grid for 16:9 (and times it)', async () => {
    const spec: DiffusionSpec = { text: 'a lighthouse in a storm', seed: 1234, aspect: WIDE };
    await renderDiffusion({ ...spec, seed: 1 }); // warm-up: first sharp/rsvg call loads libraries
    const t0 = performance.now();
    const r = await renderDiffusion(spec);
    console.log(`renderDiffusion 4x1024x576 + grid: ${(performance.now() - t0).toFixed(0)} ms`);
    const t1 = performance.now();
    await renderDiffusion({ ...spec, aspect: SQUARE });
    console.log(`renderDiffusion 4x1024x1024 + grid: ${(performance.now() - t1).toFixed(0)} ms`);
    expect(r.images).toHaveLength(4);
    expect([r.width, r.height]).toEqual([1024, 576]);
    for (const img of r.images) {
      const meta = await sharp(img).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([1024, 576, 'png']);
    }
    const grid = await sharp(r.grid).metadata();
    expect([grid.width, grid.height]).toEqual([2048, 1152]);
  });

  it('sizes 1:1 and 2:3 images by the long side', async () => {
    for (const [aspect, w, h] of [
      [SQUARE, 1024, 1024],
      [{ w: 2, h: 3 }, 683, 1024],
    ] as const) {
      const r = await render({ text: 'mountains', seed: 5, aspect, count: 1 });
      const meta = await sharp(r.images[0] as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([w, h]);
    }
  });

  it('lays the grid out as a gapless 2x2 of the images (each quarter within 1 level)', async () => {
    const r = await render({
      text: 'a lighthouse in a storm',
      seed: 77,
      aspect: WIDE,
      longSide: 512,
    });
    for (let i = 0; i < 4; i++) {
      const quarter = await sharp(r.grid)
        .extract({
          left: (i % 2) * r.width,
          top: Math.floor(i / 2) * r.height,
          width: r.width,
          height: r.height,
        })
        .png()
        .toBuffer();
      expect(meanAbsDiff(await decode(quarter), await decode(r.images[i] as Buffer))).toBeLessThan(
        1,
      );
    }
  });

  it('is deterministic: same spec gives identical bytes, another seed different ones', async () => {
    const spec: DiffusionSpec = {
      text: 'a quiet meadow at noon',
      seed: 42,
      aspect: SQUARE,
      longSide: 384,
    };
    const a = await renderDiffusion(spec);
    const b = await renderDiffusion(spec);
    expect(a.grid.equals(b.grid)).toBe(true);
    a.images.forEach((img, i) => expect(img.equals(b.images[i] as Buffer)).toBe(true));
    const c = await renderDiffusion({ ...spec, seed: 43 });
    expect(c.grid.equals(a.grid)).toBe(false);
  });

  it.each([
    ['red', 0],
    ['blue', 220],
    ['green', 120],
  ])('makes "%s" prompts dominated by hue %i° (within 25°)', async (colour, hue) => {
    for (const seed of [1, 2, 3]) {
      const r = await render({
        text: `a ${colour} landscape`,
        seed,
        aspect: SQUARE,
        longSide: 384,
      });
      const found = dominantHue(await decode(r.grid));
      expect(
        hueDistance(found, hue),
        `seed ${seed}: dominant hue ${found.toFixed(0)}°`,
      ).toBeLessThanOrEqual(25);
    }
  });

  it('gives clearly different images for different prompts (mean abs diff > 20 levels)', async () => {
    const spec = { seed: 9, aspect: WIDE, longSide: 512 };
    const a = await render({ ...spec, text: 'a lighthouse in a storm' });
    const b = await render({ ...spec, text: 'a quiet meadow at noon' });
    expect(meanAbsDiff(await decode(a.grid), await decode(b.grid))).toBeGreaterThan(20);
  });

  it('spreads images at least 2x further apart at chaos 100 than at chaos 0', async () => {
    for (const text of ['a lighthouse in a storm', 'dreams of tomorrow']) {
      const spec = { text, seed: 31, aspect: WIDE, longSide: 512 };
      const calm = await spread(await render({ ...spec, chaos: 0 }));
      const wild = await spread(await render({ ...spec, chaos: 100 }));
      expect(calm, `${text}: chaos 0 images should still differ`).toBeGreaterThan(0.5);
      expect(
        wild / calm,
        `${text}: chaos 0 ${calm.toFixed(2)} vs 100 ${wild.toFixed(2)}`,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps --no red below 1% of saturated pixels in the red band (±20°)', async () => {
    const spec = { text: 'a red sunset', aspect: SQUARE, longSide: 384 };
    for (const seed of [3, 4]) {
      const plain = await decode((await render({ ...spec, seed })).grid);
      expect(hueBandFraction(plain, 0, 20)).toBeGreaterThan(0.2);
      const without = await decode((await render({ ...spec, seed, no: ['red'] })).grid);
      expect(hueBandFraction(without, 0, 20)).toBeLessThan(0.01);
    }
  });

  it('makes --tile images wrap: seams within 1.5x the mean interior neighbour difference', async () => {
    for (const [text, aspect] of [
      ['forest hills', SQUARE],
      ['a lighthouse in a storm', WIDE],
    ] as const) {
      const r = await render({ text, seed: 8, aspect, tile: true, longSide: 512 });
      for (const img of r.images) {
        const s = seamStats(await decode(img));
        expect(s.seamX, `${text} left/right`).toBeLessThanOrEqual(1.5 * s.interiorX);
        expect(s.seamY, `${text} top/bottom`).toBeLessThanOrEqual(1.5 * s.interiorY);
      }
    }
  });

  it('raises saturation and contrast monotonically with --stylize', async () => {
    const levels = [0, 100, 400, 1000];
    const px = await Promise.all(
      levels.map(async (stylize) =>
        decode(
          (
            await render({
              text: 'a castle at sunset',
              seed: 6,
              aspect: SQUARE,
              longSide: 256,
              stylize,
            })
          ).grid,
        ),
      ),
    );
    const sat = px.map(meanSaturation);
    const con = px.map(lumaStdDev);
    for (let i = 1; i < levels.length; i++) {
      expect(sat[i] ?? 0).toBeGreaterThan(sat[i - 1] ?? 0);
      expect(con[i] ?? 0).toBeGreaterThan(con[i - 1] ?? 0);
    }
  });

  it('departs further from the plain image as --weird grows', async () => {
    const spec = { text: 'a castle on a hill', seed: 12, aspect: SQUARE, longSide: 256 };
    const base = await decode((await render({ ...spec, weird: 0 })).grid);
    const diffs = await Promise.all(
      [250, 1000, 3000].map(async (weird) =>
        meanAbsDiff(base, await decode((await render({ ...spec, weird })).grid)),
      ),
    );
    expect(diffs[0] ?? 0).toBeGreaterThan(0);
    expect(diffs[1] ?? 0).toBeGreaterThan(diffs[0] ?? 0);
    expect(diffs[2] ?? 0).toBeGreaterThan(diffs[1] ?? 0);
  });

  it('makes a grid with ceil(sqrt(n)) columns for other counts', async () => {
    const r = await render({ text: 'stars', seed: 2, aspect: SQUARE, longSide: 128, count: 3 });
    expect(r.images).toHaveLength(3);
    const meta = await sharp(r.grid).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });
});
