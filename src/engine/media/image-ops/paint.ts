import sharp from 'sharp';
import { renderDiffusion } from '../scene/diffusion';
import type { RawImage } from '../pixels/raw-image';
import type { Size } from '../pixels/raster';
import { blurRaw, clamped, loadRgb } from '../pixels/raster';
import { recolour, targetsOf } from './recolour';

/** Paint is rendered at most this large and stretched: it is soft fill, not detail. */
const MAX_PAINT_SIDE = 1024;

/**
 * Four fresh paintings of a prompt at `size`, pulled toward its colour words so the
 * new area follows the prompt's palette even where the scene itself is grey.
 */
export async function paintLayers(text: string, seed: number, size: Size): Promise<RawImage[]> {
  const longSide = Math.min(MAX_PAINT_SIDE, Math.max(size.width, size.height));
  const rendered = await renderDiffusion({
    text,
    seed,
    aspect: { w: size.width, h: size.height },
    longSide,
    count: 4,
  });
  const target = targetsOf(text)[0];
  return Promise.all(
    rendered.images.map(async (png) => {
      const raw = await loadRgb(png, size);
      return target ? recolour(raw, target, 0.55) : raw;
    }),
  );
}

/**
 * The alpha (0..255, one byte per pixel) a repaint uses: the mask cut with `dest-in` by a
 * blurred copy of itself, so the edge fades inward only and is exactly 0 outside.
 */
export async function featheredAlpha(maskPng: Buffer, size: Size): Promise<Buffer> {
  const feather = Math.max(size.width, size.height) / 256 + 0.5;
  const soft = await sharp(maskPng).blur(feather).png().toBuffer();
  return sharp(soft)
    .composite([{ input: maskPng, blend: 'dest-in' }])
    .extractChannel(3)
    .raw()
    .toBuffer();
}

/** `base` with `layer` laid over it by `alpha`; where alpha is 0 the base is untouched. */
export function paintThrough(base: RawImage, layer: RawImage, alpha: Buffer): RawImage {
  const out = Buffer.from(base.data);
  for (let p = 0, i = 0; p < alpha.length; p++, i += 3) {
    const a = alpha[p] ?? 0;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) {
      const b = base.data[i + c] ?? 0;
      out[i + c] = Math.round(b + (((layer.data[i + c] ?? 0) - b) * a) / 255);
    }
  }
  return { data: out, width: base.width, height: base.height, channels: 3 };
}

/** Share of the base's broad light the new paint takes on. */
const RELIGHT = 0.4;

const luma = (d: Buffer, i: number): number =>
  0.299 * (d[i] ?? 0) + 0.587 * (d[i + 1] ?? 0) + 0.114 * (d[i + 2] ?? 0);

/**
 * The layer lit like the base: its broad brightness moves part of the way to the base's,
 * so new paint sits in the picture instead of on it. Only brightness moves (the same
 * offset on all channels): mixing the colours would turn a teal fill on a red picture grey.
 */
export async function harmonise(layer: RawImage, base: RawImage): Promise<RawImage> {
  const sigma = Math.max(base.width, base.height) / 40 + 1;
  const [lowLayer, lowBase] = await Promise.all([blurRaw(layer, sigma), blurRaw(base, sigma)]);
  const data = Buffer.alloc(layer.data.length);
  const out = clamped(data);
  for (let i = 0; i < data.length; i += 3) {
    const lift = RELIGHT * (luma(lowBase.data, i) - luma(lowLayer.data, i));
    out[i] = (layer.data[i] ?? 0) + lift;
    out[i + 1] = (layer.data[i + 1] ?? 0) + lift;
    out[i + 2] = (layer.data[i + 2] ?? 0) + lift;
  }
  return { data, width: layer.width, height: layer.height, channels: 3 };
}
