import type { PixelsOp } from '../model/document';
import type { Grid } from './grid';
import type { Box } from './select';
import { bounds } from './select';

/** The mask's colour on screen. */
export const MASK_RGB = [244, 63, 94] as const;

/**
 * The op that puts `grid`'s set pixels into the mask `how` says, packed within their
 * bounding box: an 8-megapixel selection is one megabyte of undo history, not eight.
 */
export function pixelsOpOf(grid: Grid, how: PixelsOp['how'], feather?: number): PixelsOp {
  const box: Box = bounds(grid) ?? { x: 0, y: 0, width: 0, height: 0 };
  const bits = new Uint8Array(Math.ceil((box.width * box.height) / 8));
  let k = 0;
  for (let y = 0; y < box.height; y++) {
    const row = (box.y + y) * grid.width + box.x;
    for (let x = 0; x < box.width; x++, k++) {
      if (grid.data[row + x] === 1) bits[k >> 3] = (bits[k >> 3] ?? 0) | (0x80 >> (k & 7));
    }
  }
  return { type: 'pixels', how, ...box, bits, ...(feather ? { feather } : {}) };
}

/** Whether bit `k` of the op's box (row-major) is set. */
const bitAt = (op: PixelsOp, k: number): boolean =>
  (((op.bits[k >> 3] ?? 0) << (k & 7)) & 0x80) !== 0;

/** Applies the op to `grid` in place: replace clears everything outside its pixels first. */
export function applyPixels(grid: Grid, op: PixelsOp): void {
  if (op.how === 'replace') grid.data.fill(0);
  const value = op.how === 'subtract' ? 0 : 1;
  const right = Math.min(op.width, grid.width - op.x);
  const bottom = Math.min(op.height, grid.height - op.y);
  for (let y = 0; y < bottom; y++) {
    const row = (op.y + y) * grid.width + op.x;
    for (let x = 0; x < right; x++) if (bitAt(op, y * op.width + x)) grid.data[row + x] = value;
  }
}

/**
 * Mask-coloured RGBA of `width`×`height` pixels, with the alpha `alphaAt(i)` gives each
 * (0 leaves a pixel transparent), for drawing onto the mask bitmap.
 */
export function maskImageData(
  width: number,
  height: number,
  alphaAt: (i: number) => number,
): ImageData {
  const img = new ImageData(Math.max(1, width), Math.max(1, height));
  const px = new Uint32Array(img.data.buffer);
  const [r, g, b] = MASK_RGB;
  // Little-endian RGBA in one 32-bit word.
  const rgb = (b << 16) | (g << 8) | r;
  for (let i = 0; i < width * height; i++) {
    const a = alphaAt(i);
    if (a > 0) px[i] = ((a << 24) | rgb) >>> 0;
  }
  return img;
}

/** The op's pixels as opaque mask colour within its box (when no preview was kept). */
export const opImageData = (op: PixelsOp): ImageData =>
  maskImageData(op.width, op.height, (k) => (bitAt(op, k) ? 255 : 0));
