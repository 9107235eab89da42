import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDiffusion } from '../scene/diffusion';
import { decode, laplacianEnergy, ssim } from '../metrics/metrics';
import { renderUpscale } from './upscale';

describe('renderUpscale', () => {
  const sources: Buffer[] = [];

  beforeAll(async () => {
    for (const text of ['a lighthouse in a storm', 'a quiet meadow at noon']) {
      const r = await renderDiffusion({
        text,
        seed: 21,
        aspect: { w: 16, h: 9 },
        longSide: 384,
        count: 1,
      });
      sources.push(r.images[0] as Buffer);
    }
  });

  /** SSIM of an upscale brought back to the source size against the source itself. */
  async function fidelity(source: Buffer, upscaled: Buffer): Promise<number> {
    const src = await decode(source);
    return ssim(src, await decode(upscaled, { width: src.width, height: src.height }));
  }

  it('doubles width and height and returns PNG', async () => {
    const source = sources[0] as Buffer;
    for (const mode of ['subtle', 'creative'] as const) {
      const out = await renderUpscale(source, mode, 1);
      const meta = await sharp(out.image).metadata();
      expect([out.width, out.height]).toEqual([768, 432]);
      expect([meta.width, meta.height, meta.format]).toEqual([768, 432, 'png']);
    }
  });

  it('subtle stays faithful (SSIM >= 0.95 after downscaling); creative resembles it (0.7 <= SSIM < subtle)', async () => {
    for (const source of sources) {
      const subtle = await fidelity(source, (await renderUpscale(source, 'subtle', 1)).image);
      const creative = await fidelity(source, (await renderUpscale(source, 'creative', 1)).image);
      expect(subtle).toBeGreaterThanOrEqual(0.95);
      expect(creative).toBeGreaterThanOrEqual(0.7);
      expect(creative).toBeLessThan(subtle);
    }
  });

  it('creative adds high-frequency energy (mean |Laplacian| above subtle)', async () => {
    for (const source of sources) {
      const energy = async (mode: 'subtle' | 'creative'): Promise<number> =>
        laplacianEnergy(await decode((await renderUpscale(source, mode, 5)).image));
      expect(await energy('creative')).toBeGreaterThan((await energy('subtle')) * 1.2);
    }
  });

  it('is deterministic per seed, and the creative detail depends on the seed', async () => {
    const source = sources[1] as Buffer;
    const a = await renderUpscale(source, 'creative', 7);
    const b = await renderUpscale(source, 'creative', 7);
    const c = await renderUpscale(source, 'creative', 8);
    expect(a.image.equals(b.image)).toBe(true);
    expect(a.image.equals(c.image)).toBe(false);
  });
});
