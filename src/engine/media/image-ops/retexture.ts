import type { RawImage } from '../pixels/raw-image';
import { mix32 } from '../pixels/prng';
import { clamped, noiseField } from '../pixels/raster';
import { remixRaw } from './remix';

/** Relief depth of the material, as a fraction of each pixel's brightness. */
const RELIEF = 0.16;

/**
 * A material over the picture: two octaves of fine value noise, applied as light and
 * shade, read as grain, weave or stone depending on the colours under it.
 */
function applyMaterial(img: RawImage, seed: number): RawImage {
  const size = { width: img.width, height: img.height };
  const long = Math.max(img.width, img.height);
  const coarse = noiseField(mix32(seed, 1), size, long / 12);
  const fine = noiseField(mix32(seed, 2), size, long / 4);
  const data = Buffer.alloc(img.data.length);
  const out = clamped(data);
  for (let p = 0, i = 0; i < out.length; p++, i += 3) {
    const relief = ((coarse[p] ?? 0.5) * 0.6 + (fine[p] ?? 0.5) * 0.4 - 0.5) * 2 * RELIEF;
    for (let c = 0; c < 3; c++) out[i + c] = Math.round((img.data[i + c] ?? 0) * (1 + relief));
  }
  return { data, width: img.width, height: img.height, channels: 3 };
}

/**
 * Four retextured images: a strong remix toward the prompt's colours (edges kept), each
 * with its own material relief.
 */
export async function renderRetexture(
  src: RawImage,
  spec: { text: string; seed: number },
): Promise<RawImage[]> {
  const remixed = await remixRaw(src, { ...spec, strong: true });
  return remixed.map((img, i) => applyMaterial(img, mix32(spec.seed, i + 7)));
}
