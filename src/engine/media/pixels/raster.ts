import type { Sharp } from 'sharp';
import sharp from 'sharp';
import type { RawImage } from './raw-image';
import { mix32 } from './prng';

/*
 * Small raw-RGB helpers shared by the follow-up operations (variation, remix, inpaint,
 * outpaint, pan, edit, blend...). Pixels stay packed 8-bit RGB between steps; sharp does
 * decoding, resizing and blurring, JS loops do per-pixel mixing.
 */

export interface Size {
  width: number;
  height: number;
}

/** Fetched images may be huge; everything below stays within the fetch limit. */
const INPUT_LIMITS = { limitInputPixels: 40_000_000 } as const;

async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * Decodes any image to RGB: EXIF orientation applied, transparency flattened onto white,
 * greyscale widened to three channels; optionally resized (`fill` stretches, `cover` crops).
 */
export function loadRgb(input: Buffer, size?: Size, fit: 'fill' | 'cover' = 'fill') {
  let p = sharp(input, INPUT_LIMITS).rotate().flatten({ background: '#ffffff' });
  if (size) p = p.resize(size.width, size.height, { fit, kernel: 'lanczos3' });
  return toRaw(p);
}

const rawInput = (img: RawImage) => sharp(img.data, { raw: { ...size(img), channels: 3 } });
const size = (img: Size): Size => ({ width: img.width, height: img.height });

/**
 * Gaussian blur. Wide blurs (the broad light of a picture) are done on a shrunken copy
 * and enlarged again: the same look at a small fraction of the cost of a huge kernel.
 */
export async function blurRaw(img: RawImage, sigma: number): Promise<RawImage> {
  if (sigma <= 6) return toRaw(rawInput(img).blur(Math.max(0.3, sigma)));
  const shrink = sigma / 3;
  const small = {
    width: Math.max(1, Math.round(img.width / shrink)),
    height: Math.max(1, Math.round(img.height / shrink)),
  };
  const reduced = await toRaw(
    rawInput(img).resize(small.width, small.height, { fit: 'fill' }).blur(2),
  );
  return toRaw(rawInput(reduced).resize(img.width, img.height, { fit: 'fill', kernel: 'cubic' }));
}

/** A view that clamps writes to 0..255 (a Buffer would wrap 256 round to 0). */
export const clamped = (b: Buffer): Uint8ClampedArray =>
  new Uint8ClampedArray(b.buffer, b.byteOffset, b.length);

/** a + (b - a) * t for every channel value; t may be a constant or a per-pixel weight (0..1). */
export function blend(a: RawImage, b: RawImage, t: number | Float32Array): RawImage {
  const out = Buffer.alloc(a.data.length);
  for (let i = 0, p = 0; i < out.length; i += 3, p++) {
    const w = typeof t === 'number' ? t : (t[p] ?? 0);
    for (let c = 0; c < 3; c++) {
      const x = a.data[i + c] ?? 0;
      out[i + c] = Math.round(x + ((b.data[i + c] ?? 0) - x) * w);
    }
  }
  return { data: out, width: a.width, height: a.height, channels: 3 };
}

/**
 * Replaces part of an image's broad light and colour with another's: adds
 * `t * (lowTo - lowFrom)`, the difference of the two blurred images, so colour regions
 * move without the other image's edges showing through as a ghost.
 */
export function shiftLow(img: RawImage, lowFrom: RawImage, lowTo: RawImage, t: number): RawImage {
  const data = Buffer.alloc(img.data.length);
  const out = clamped(data);
  for (let i = 0; i < out.length; i++) {
    const delta = (lowTo.data[i] ?? 0) - (lowFrom.data[i] ?? 0);
    out[i] = Math.round((img.data[i] ?? 0) + delta * t);
  }
  return { data, width: img.width, height: img.height, channels: 3 };
}

const smooth = (f: number): number => f * f * (3 - 2 * f);

/**
 * Smooth value noise in 0..1 over an image: random values on a lattice of about `cells`
 * cells across the long side, interpolated with smoothstep. Used for warps and regions.
 */
export function noiseField(seed: number, at: Size, cells: number): Float32Array {
  const step = Math.max(at.width, at.height) / Math.max(1, cells);
  const cols = Math.ceil(at.width / step) + 2;
  const lattice = Float32Array.from(
    { length: cols * (Math.ceil(at.height / step) + 2) },
    (_, i) => mix32(seed, i) / 4294967296,
  );
  const out = new Float32Array(at.width * at.height);
  for (let y = 0; y < at.height; y++) {
    const gy = y / step;
    const y0 = Math.floor(gy);
    const ty = smooth(gy - y0);
    for (let x = 0; x < at.width; x++) {
      const gx = x / step;
      const x0 = Math.floor(gx);
      const tx = smooth(gx - x0);
      const k = y0 * cols + x0;
      const top = (lattice[k] ?? 0) + ((lattice[k + 1] ?? 0) - (lattice[k] ?? 0)) * tx;
      const bottom =
        (lattice[k + cols] ?? 0) + ((lattice[k + cols + 1] ?? 0) - (lattice[k + cols] ?? 0)) * tx;
      out[y * at.width + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

/**
 * Moves every pixel by a smooth random offset of up to `amplitude` px (bilinear
 * sampling, edges clamped): shapes bend and shift while staying recognisable.
 */
export function warp(img: RawImage, seed: number, amplitude: number, cells: number): RawImage {
  const { width: w, height: h } = img;
  const fx = noiseField(mix32(seed, 1), img, cells);
  const fy = noiseField(mix32(seed, 2), img, cells);
  const out = Buffer.alloc(img.data.length);
  const src = img.data;
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const sx = Math.min(w - 1.001, Math.max(0, x + ((fx[p] ?? 0.5) * 2 - 1) * amplitude));
      const sy = Math.min(h - 1.001, Math.max(0, y + ((fy[p] ?? 0.5) * 2 - 1) * amplitude));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const ax = sx - x0;
      const ay = sy - y0;
      const i00 = (y0 * w + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + w * 3;
      const i11 = i01 + 3;
      for (let c = 0; c < 3; c++) {
        const top = (src[i00 + c] ?? 0) * (1 - ax) + (src[i10 + c] ?? 0) * ax;
        const bottom = (src[i01 + c] ?? 0) * (1 - ax) + (src[i11 + c] ?? 0) * ax;
        out[p * 3 + c] = Math.round(top * (1 - ay) + bottom * ay);
      }
    }
  }
  return { data: out, width: w, height: h, channels: 3 };
}
