import sharp from 'sharp';
import type { RawImage } from '../pixels/raw-image';
import { renderDiffusion } from '../scene/diffusion';
import type { Size } from '../pixels/raster';
import { blurRaw, clamped, loadRgb } from '../pixels/raster';

/** Share of the new scenery's broad colour replaced by the source's. */
const FAR_COLOUR = 0.35;

/** How far the canvas grows on each side, in px. */
export interface Padding {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface ExtendSpec {
  /** Words for the generated texture of the new area (the parent's or the remix prompt). */
  text: string;
  seed: number;
}

/**
 * Weight of the far-field (blurred extension plus texture) for every pixel: 0 inside
 * the source, rising smoothly over `ramp` px outside it, so the new area starts as a
 * continuation of the source's border and turns into new, softer scenery further out.
 */
function farWeights(pad: Padding, w: number, h: number, ramp: number): Float32Array {
  const width = w + pad.left + pad.right;
  const height = h + pad.top + pad.bottom;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const dy = Math.max(pad.top - y, 0, y - (pad.top + h - 1));
    for (let x = 0; x < width; x++) {
      const dx = Math.max(pad.left - x, 0, x - (pad.left + w - 1));
      const t = Math.min(1, Math.hypot(dx, dy) / ramp);
      out[y * width + x] = t * t * (3 - 2 * t);
    }
  }
  return out;
}

/** The source mirrored outward on every side to the new size (libvips repeats the mirror). */
async function mirrored(source: RawImage, pad: Padding): Promise<RawImage> {
  const { data, info } = await sharp(source.data, {
    raw: { width: source.width, height: source.height, channels: 3 },
  })
    .extend({ ...pad, extendWith: 'mirror' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** Four renders of the prompt's scenery at the canvas size (drawn at most 1024 px, then stretched). */
async function sceneLayers(spec: ExtendSpec, size: Size): Promise<RawImage[]> {
  const rendered = await renderDiffusion({
    text: spec.text,
    seed: spec.seed,
    aspect: { w: size.width, h: size.height },
    longSide: Math.min(1024, Math.max(size.width, size.height)),
    count: 4,
  });
  return Promise.all(rendered.images.map((png) => loadRgb(png, size)));
}

/**
 * near + (far - near) * weight per pixel, where far is the new scenery with part of the
 * source's broad colour (its blurred extension) in place of its own, so the palette
 * carries on. One pass: these canvases reach 25 megapixels.
 */
function mixNearFar(
  near: RawImage,
  far: { layer: RawImage; low: RawImage; soft: RawImage },
  weights: Float32Array,
): RawImage {
  const data = Buffer.from(near.data);
  const out = clamped(data);
  const { layer, low, soft } = far;
  for (let p = 0, i = 0; p < weights.length; p++, i += 3) {
    const w = weights[p] ?? 0;
    if (w === 0) continue;
    for (let c = 0; c < 3; c++) {
      const f =
        (layer.data[i + c] ?? 0) + FAR_COLOUR * ((soft.data[i + c] ?? 0) - (low.data[i + c] ?? 0));
      const n = near.data[i + c] ?? 0;
      out[i + c] = Math.round(n + (f - n) * w);
    }
  }
  return { data, width: near.width, height: near.height, channels: 3 };
}

/** Copies the source into the canvas at (left, top), byte for byte. */
function pasteExact(canvas: RawImage, source: RawImage, left: number, top: number): RawImage {
  const row = source.width * 3;
  for (let y = 0; y < source.height; y++) {
    source.data.copy(canvas.data, ((top + y) * canvas.width + left) * 3, y * row, (y + 1) * row);
  }
  return canvas;
}

/**
 * Four images on a canvas grown by `pad`: the source exactly where it was, and around it
 * a mirrored continuation that fades into a blurred version plus freshly painted
 * texture of the prompt, so the new area keeps the source's palette.
 */
export async function renderExtension(
  source: Buffer,
  pad: Padding,
  spec: ExtendSpec,
): Promise<RawImage[]> {
  const src = await loadRgb(source);
  const near = await mirrored(src, pad);
  const size = { width: near.width, height: near.height };
  const scale = Math.max(src.width, src.height) / 1024;
  const sigma = 24 * scale + 1;
  const [soft, layers] = await Promise.all([blurRaw(near, sigma), sceneLayers(spec, size)]);
  const weights = farWeights(pad, src.width, src.height, 48 * scale + 8);
  return Promise.all(
    layers.map(async (layer) => {
      const far = { layer, low: await blurRaw(layer, sigma), soft };
      return pasteExact(mixNearFar(near, far, weights), src, pad.left, pad.top);
    }),
  );
}
