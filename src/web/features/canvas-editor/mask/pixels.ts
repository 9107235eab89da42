import type { PixelsOp } from '../model/document';
import type { Grid } from './grid';
import type { Box } from './select';
import { bounds } from './select';
import type { Runs } from './wand';
import { RunsBuilder } from './wand';

/** The mask's colour on screen. */
export const MASK_RGB = [244, 63, 94] as const;
/** The same colour as CSS, for a canvas's fill. */
export const MASK_COLOR = `rgb(${MASK_RGB.join(',')})`;

/**
 * The op that puts `grid`'s set pixels into the mask `how` says, packed within their
 * bounding box: an 8-megapixel selection is one megabyte of undo history, not eight.
 */
export function pixelsOpOf(grid: Grid, how: PixelsOp['how'], feather?: number): PixelsOp {
  const box: Box = bounds(grid) ?? { x: 0, y: 0, width: 0, height: 0 };
  const bits = new Uint8Array(Math.ceil((box.width * box.height) / 8));
  let k = 0;
  let byte = 0;
  for (let y = 0; y < box.height; y++) {
    const row = (box.y + y) * grid.width + box.x;
    for (let x = 0; x < box.width; x++, k++) {
      byte = (byte << 1) | (grid.data[row + x] === 1 ? 1 : 0);
      if ((k & 7) === 7) {
        bits[k >> 3] = byte;
        byte = 0;
      }
    }
  }
  if ((k & 7) !== 0) bits[k >> 3] = byte << (8 - (k & 7));
  return { type: 'pixels', how, ...box, bits, ...(feather ? { feather } : {}) };
}

/** The smallest box holding every run, or an empty one at the origin when there is none. */
function runsBox(runs: Runs): Box {
  if (runs.count === 0) return { x: 0, y: 0, width: 0, height: 0 };
  let x0 = runs.width;
  let x1 = -1;
  let y0 = runs.height;
  let y1 = -1;
  for (let j = 0; j < 3 * runs.count; j += 3) {
    const y = runs.data[j] ?? 0;
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
    x0 = Math.min(x0, runs.data[j + 1] ?? 0);
    x1 = Math.max(x1, runs.data[j + 2] ?? 0);
  }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Sets bits `from` through `to` of `bits`, first bit the high one: whole bytes at a time. */
function setBits(bits: Uint8Array, from: number, to: number): void {
  let k = from;
  for (; k <= to && (k & 7) !== 0; k++) bits[k >> 3] = (bits[k >> 3] ?? 0) | (0x80 >> (k & 7));
  const whole = (to + 1) & ~7;
  if (k < whole) {
    bits.fill(0xff, k >> 3, whole >> 3);
    k = whole;
  }
  for (; k <= to; k++) bits[k >> 3] = (bits[k >> 3] ?? 0) | (0x80 >> (k & 7));
}

/** The op that puts the runs' pixels into the mask `how` says (as pixelsOpOf a grid). */
export function pixelsOpOfRuns(runs: Runs, how: PixelsOp['how']): PixelsOp {
  const box = runsBox(runs);
  const bits = new Uint8Array(Math.ceil((box.width * box.height) / 8));
  for (let j = 0; j < 3 * runs.count; j += 3) {
    const at = ((runs.data[j] ?? 0) - box.y) * box.width - box.x;
    setBits(bits, at + (runs.data[j + 1] ?? 0), at + (runs.data[j + 2] ?? 0));
  }
  return { type: 'pixels', how, ...box, bits };
}

/** Calls `set(row, x)` for each set pixel of the op's box, reading its bits a byte at a time. */
function eachSet(op: PixelsOp, set: (y: number, x: number) => void): void {
  const n = op.width * op.height;
  for (let j = 0; j < op.bits.length; j++) {
    const byte = op.bits[j] ?? 0;
    if (byte === 0) continue;
    for (let b = 0; b < 8; b++) {
      const k = j * 8 + b;
      if (k < n && byte & (0x80 >> b)) set(Math.floor(k / op.width), k % op.width);
    }
  }
}

/**
 * Applies the op to `grid` in place: replace clears everything outside its pixels first.
 * Read a byte at a time, a clear byte skipped and a full one written whole: a session's
 * sixty wand clicks of a sky are sixty ops of 1.5 megapixels each, applied at every Grow.
 */
export function applyPixels(grid: Grid, op: PixelsOp): void {
  if (op.how === 'replace') grid.data.fill(0);
  const value = op.how === 'subtract' ? 0 : 1;
  const { bits, width } = op;
  // The part of the op's box inside the grid.
  const w = Math.min(width, grid.width - op.x);
  const h = Math.min(op.height, grid.height - op.y);
  const out = grid.data;
  for (let y = 0; y < h; y++) {
    let k = y * width;
    const end = k + w;
    let at = (op.y + y) * grid.width + op.x;
    while (k < end) {
      const byte = bits[k >> 3] ?? 0;
      if ((k & 7) !== 0 || k + 8 > end || (byte !== 0 && byte !== 0xff)) {
        if (byte & (0x80 >> (k & 7))) out[at] = value;
        k++;
        at++;
        continue;
      }
      // Whole bytes alike: skipped if clear, else written as one run.
      let n = 8;
      while (k + n + 8 <= end && bits[(k + n) >> 3] === byte) n += 8;
      if (byte !== 0) out.fill(value, at, at + n);
      k += n;
      at += n;
    }
  }
}

/** Little-endian RGBA in one 32-bit word: the mask's colour at alpha `a`. */
const maskWord = (a: number): number => {
  const [r, g, b] = MASK_RGB;
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
};

/**
 * Mask-coloured RGBA of `width`×`height` pixels, with the alpha `alphaAt(i)` gives each
 * (0 leaves a pixel transparent), for drawing onto the mask bitmap.
 */
export function maskImageData(
  width: number,
  height: number,
  alphaAt: (i: number) => number,
  /** Zeroed memory of 4 × `width` × `height` bytes to write into, rather than new. */
  into?: Uint8ClampedArray<ArrayBuffer>,
): ImageData {
  const img = into
    ? new ImageData(into, width, height)
    : new ImageData(Math.max(1, width), Math.max(1, height));
  const px = new Uint32Array(img.data.buffer);
  const rgb = maskWord(0);
  for (let i = 0; i < width * height; i++) {
    const a = alphaAt(i);
    if (a > 0) px[i] = ((a << 24) | rgb) >>> 0;
  }
  return img;
}

/** The op's pixels as opaque mask colour within its box (when no preview was kept). */
export function opImageData(op: PixelsOp): ImageData {
  const img = new ImageData(Math.max(1, op.width), Math.max(1, op.height));
  const px = new Uint32Array(img.data.buffer);
  const on = maskWord(255);
  eachSet(op, (y, x) => (px[y * op.width + x] = on));
  return img;
}

/** `grid`'s set pixels within `box` as opaque mask colour: a selection's drawing. */
export function gridImageData(grid: Grid, box: Box): ImageData {
  const img = new ImageData(Math.max(1, box.width), Math.max(1, box.height));
  const px = new Uint32Array(img.data.buffer);
  const on = maskWord(255);
  for (let y = 0; y < box.height; y++) {
    const from = (box.y + y) * grid.width + box.x;
    const to = y * box.width;
    for (let x = 0; x < box.width; x++) if (grid.data[from + x] === 1) px[to + x] = on;
  }
  return img;
}

/**
 * The runs of `grid`'s set pixels within `box`, or null once there are more than `most`
 * (a drawing of that many rectangles is slower than an image).
 */
export function gridRuns(grid: Grid, box: Box, most: number): Runs | null {
  const runs = new RunsBuilder(grid.width, grid.height);
  for (let y = box.y; y < box.y + box.height; y++) {
    // Searched within the row's part of the box only: a search for the next clear pixel
    // of a full mask would otherwise run on to the end of the image from every row.
    const from = y * grid.width + box.x;
    const row = grid.data.subarray(from, from + box.width);
    let k = row.indexOf(1);
    while (k >= 0) {
      let last = row.indexOf(0, k);
      if (last < 0) last = row.length;
      if (runs.size === most) return null;
      runs.add(y, box.x + k, box.x + last - 1);
      k = row.indexOf(1, last);
    }
  }
  return runs.done();
}

/** The runs' pixels within `box` as opaque mask colour: a wand selection's drawing. */
export function runsImageData(runs: Runs, box: Box): ImageData {
  const img = new ImageData(Math.max(1, box.width), Math.max(1, box.height));
  const px = new Uint32Array(img.data.buffer);
  const on = maskWord(255);
  for (let j = 0; j < 3 * runs.count; j += 3) {
    const at = ((runs.data[j] ?? 0) - box.y) * box.width - box.x;
    px.fill(on, at + (runs.data[j + 1] ?? 0), at + (runs.data[j + 2] ?? 0) + 1);
  }
  return img;
}
