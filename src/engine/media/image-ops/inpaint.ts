import type { RawImage } from '../pixels/raw-image';
import type { Polygon } from './mask';
import { imageMask, polygonMask } from './mask';
import { featheredAlpha, harmonise, paintLayers, paintThrough } from './paint';
import { loadRgb } from '../pixels/raster';

/** Mask polygons in their own frames, or a fetched mask image (white = repaint). */
export type MaskSource = { areas: readonly Polygon[] } | { image: Buffer };

export interface InpaintSpec {
  /** The remix prompt's words: what to paint inside the mask. */
  text: string;
  seed: number;
}

/**
 * Four images: the source untouched outside the mask, and inside it a fresh painting of
 * the remix prompt (each image its own), in that prompt's colours.
 */
export async function renderInpaint(
  source: Buffer,
  mask: MaskSource,
  spec: InpaintSpec,
): Promise<RawImage[]> {
  const src = await loadRgb(source);
  const size = { width: src.width, height: src.height };
  const whole = { x: 0, y: 0, ...size };
  const maskPng =
    'areas' in mask
      ? await polygonMask(mask.areas, whole, size)
      : await imageMask(mask.image, whole, size);
  const [alpha, layers] = await Promise.all([
    featheredAlpha(maskPng, size),
    paintLayers(spec.text, spec.seed, size),
  ]);
  return Promise.all(
    layers.map(async (layer) => paintThrough(src, await harmonise(layer, src), alpha)),
  );
}
