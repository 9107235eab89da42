import sharp from 'sharp';
import type { UpscaleMode } from '@/contract/requests/choices';
import '../pixels/vips';
import { Rng } from '../pixels/prng';

const TILE = 256;

/**
 * Upscales are 4 MP PNGs, so the encoder dominates: zlib level 1 without adaptive filtering
 * is ~60 ms for 2048² here against ~110 ms at level 2, for ~30% larger files.
 */
const UPSCALE_PNG = { compressionLevel: 1, adaptiveFiltering: false } as const;

/**
 * Unsharp masks as one 3x3 integer convolution in sRGB: `1 + 4a` centre, `-a` on the four
 * neighbours (a = 1/4 subtle, 3/4 creative). libvips' `sharpen` works in LAB and costs
 * ~3x as much on a 4 MP image for a visually similar result at 2x.
 */
const SUBTLE_SHARPEN = { width: 3, height: 3, kernel: [0, -1, 0, -1, 8, -1, 0, -1, 0], scale: 4 };
const CREATIVE_SHARPEN = {
  width: 3,
  height: 3,
  kernel: [0, -3, 0, -3, 16, -3, 0, -3, 0],
  scale: 4,
};

/**
 * Detail texture for creative upscales: white noise softened to ~2px grains, so it reads as
 * painterly micro-texture rather than sensor noise. Zero-mean, roughly unit amplitude.
 */
function detailTile(seed: number): Float32Array {
  const rng = new Rng(seed);
  const white = Float32Array.from({ length: TILE * TILE }, () => rng.next() * 2 - 1);
  const out = new Float32Array(TILE * TILE);
  const at = (x: number, y: number): number =>
    white[((y + TILE) % TILE) * TILE + ((x + TILE) % TILE)] ?? 0;
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const soft = (at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1) + 2 * at(x, y)) / 6;
      out[y * TILE + x] = 1.6 * soft + 0.4 * at(x, y);
    }
  }
  return out;
}

/** Adds the texture in place, strongest in mid-tones where it reads as detail, not dirt. */
function addDetail(data: Buffer, width: number, seed: number, amplitude: number): void {
  const tile = detailTile(seed);
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  for (let i = 0, p = 0; i < px.length; i += 3, p++) {
    const x = p % width;
    const y = (p - x) / width;
    const luma = (0.299 * (px[i] ?? 0) + 0.587 * (px[i + 1] ?? 0) + 0.114 * (px[i + 2] ?? 0)) / 255;
    const mid = 1 - (2 * luma - 1) ** 2;
    const n = (tile[(y % TILE) * TILE + (x % TILE)] ?? 0) * amplitude * (0.35 + 0.65 * mid);
    px[i] = (px[i] ?? 0) + n;
    px[i + 1] = (px[i + 1] ?? 0) + n;
    px[i + 2] = (px[i + 2] ?? 0) + n;
  }
}

/**
 * 2x upscale. subtle: lanczos3 plus a light unsharp mask (one pass, decode to PNG), faithful to the source. creative: a
 * stronger mask plus seeded micro-texture, inventing fine detail the way generative upscalers do.
 */
export async function renderUpscale(
  source: Buffer,
  mode: UpscaleMode,
  seed: number,
): Promise<{ image: Buffer; width: number; height: number }> {
  const meta = await sharp(source).metadata();
  if (!meta.width || !meta.height) throw new Error('upscale: source has no dimensions');
  const width = meta.width * 2;
  const height = meta.height * 2;
  const resized = sharp(source)
    .removeAlpha()
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' });
  if (mode === 'subtle') {
    const image = await resized.convolve(SUBTLE_SHARPEN).png(UPSCALE_PNG).toBuffer();
    return { image, width, height };
  }
  const { data } = await resized
    .convolve(CREATIVE_SHARPEN)
    .raw()
    .toBuffer({ resolveWithObject: true });
  addDetail(data, width, seed >>> 0, 9);
  const image = await sharp(data, { raw: { width, height, channels: 3 } })
    .png(UPSCALE_PNG)
    .toBuffer();
  return { image, width, height };
}
