import { renderDiffusion } from '../scene/diffusion';
import type { RawImage } from '../pixels/raw-image';
import { mix32 } from '../pixels/prng';
import { blend, blurRaw, loadRgb, shiftLow, warp } from '../pixels/raster';
import { recolour, targetsOf } from './recolour';

export interface VariationSpec {
  /** The words to re-render from (the parent's prompt, or the remix prompt), no flags. */
  text: string;
  seed: number;
  strong: boolean;
  /** A remix prompt's colours, when one was given: the palette shifts toward them. */
  remixText?: string | undefined;
}

/**
 * How far each kind wanders: the warp moves shapes (px per 1024 of long side), the fresh
 * render brings in new detail and light. Subtle keeps the picture, strong reworks it.
 */
const STRENGTH = {
  subtle: { warp: 8, cells: 6, fresh: 0.08, light: 0.35 },
  strong: { warp: 26, cells: 7, fresh: 0.16, light: 0.7 },
} as const;

/**
 * Four images near `source`: each is the source bent by its own smooth warp and blended
 * with a fresh render of the same words under a new seed (detail at `fresh`, its broad
 * light and colour at `light` more), so every image differs from the source and from
 * its siblings while keeping the composition.
 */
export async function renderVariation(source: Buffer, spec: VariationSpec): Promise<RawImage[]> {
  const src = await loadRgb(source);
  const k = spec.strong ? STRENGTH.strong : STRENGTH.subtle;
  const fresh = await renderDiffusion({
    text: spec.remixText ?? spec.text,
    seed: spec.seed,
    aspect: { w: src.width, h: src.height },
    // Drawn at half size: it lends light and a little detail, never crisp edges.
    longSide: Math.ceil(Math.max(src.width, src.height) / 2),
    count: 4,
  });
  const scale = Math.max(src.width, src.height) / 1024;
  const target = spec.remixText ? targetsOf(spec.remixText)[0] : undefined;
  return Promise.all(
    fresh.images.map(async (png, i) => {
      const other = await loadRgb(png, src);
      const bent = warp(src, mix32(spec.seed, i), k.warp * scale, k.cells);
      const sigma = 20 * scale + 1;
      const [lowBent, lowOther] = await Promise.all([blurRaw(bent, sigma), blurRaw(other, sigma)]);
      const mixed = shiftLow(blend(bent, other, k.fresh), lowBent, lowOther, k.light);
      return target ? recolour(mixed, target, spec.strong ? 0.6 : 0.4) : mixed;
    }),
  );
}
