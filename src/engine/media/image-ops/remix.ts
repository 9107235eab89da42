import { renderDiffusion } from '../scene/diffusion';
import type { RawImage } from '../pixels/raw-image';
import { blend, blurRaw, loadRgb, shiftLow } from '../pixels/raster';
import type { HueTarget } from './recolour';
import { brightShare, recolour, targetsOf } from './recolour';

export interface RemixSpec {
  /** The new prompt's words, no flags. */
  text: string;
  seed: number;
  strong: boolean;
}

/**
 * Strong repaints most of the palette and lets the new prompt's scene show through in
 * its broad light; subtle keeps more of the source. Edges come from the source either
 * way (lightness is kept), so the composition survives.
 */
const STRENGTH = {
  strong: { share: 1, light: 0.35, detail: 0.12 },
  subtle: { share: 0.45, light: 0.15, detail: 0.05 },
} as const;

/** The hue each of the 4 images leans to: the named colours in turn, slightly spread. */
function targetFor(targets: readonly HueTarget[], i: number): HueTarget {
  const t = targets[i % targets.length] ?? { hue: 0, sat: 0.6 };
  const spread = [0, 8, -8, 4][i] ?? 0;
  return { hue: t.hue + spread, sat: t.sat };
}

/**
 * Four images that keep the source's composition and move its palette toward the new
 * prompt's colour words, with a fresh render of that prompt lending light and detail.
 */
export async function renderRemix(source: Buffer, spec: RemixSpec): Promise<RawImage[]> {
  return remixRaw(await loadRgb(source), spec);
}

/** renderRemix for an image already decoded (retexture remixes fetched images). */
export async function remixRaw(src: RawImage, spec: RemixSpec): Promise<RawImage[]> {
  const k = spec.strong ? STRENGTH.strong : STRENGTH.subtle;
  const targets = targetsOf(spec.text);
  const fresh = await renderDiffusion({
    text: spec.text,
    seed: spec.seed,
    aspect: { w: src.width, h: src.height },
    // Drawn at half size: it lends light and a little detail, never crisp edges.
    longSide: Math.ceil(Math.max(src.width, src.height) / 2),
    count: 4,
  });
  const sigma = (Math.max(src.width, src.height) / 1024) * 24 + 1;
  const lowSrc = await blurRaw(src, sigma);
  return Promise.all(
    fresh.images.map(async (png, i) => {
      const other = await loadRgb(png, src);
      const lowOther = await blurRaw(other, sigma);
      const lit = shiftLow(blend(src, other, k.detail), lowSrc, lowOther, k.light);
      const weights = k.share >= 1 ? 0.92 : brightShare(lit, k.share);
      return recolour(lit, targetFor(targets, i), weights);
    }),
  );
}
