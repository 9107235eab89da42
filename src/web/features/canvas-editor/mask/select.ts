import type { Grid } from './grid';
import { scratch } from './scratch';

/*
 * Selections made from the mask itself, all in the image's own pixels (select by colour,
 * the magic wand, is wand.ts): grow, shrink, invert, combine, and a feathered alpha for
 * the preview. Pure functions over typed arrays, so a worker runs them at full
 * resolution, and tests check them pixel by pixel.
 */

/** RGBA pixels, row-major, as ImageData holds them. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The smallest box holding every set pixel, or null when none is set. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function bounds(g: Grid): Box | null {
  let x0 = g.width;
  let x1 = -1;
  let y0 = -1;
  let y1 = -1;
  for (let y = 0; y < g.height; y++) {
    const row = y * g.width;
    const first = g.data.subarray(row, row + g.width).indexOf(1);
    if (first < 0) continue;
    if (y0 < 0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, first);
    for (let x = g.width - 1; x > x1; x--) {
      if (g.data[row + x] === 1) {
        x1 = x;
        break;
      }
    }
  }
  return y0 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** `box` widened by `by` on every side, kept within the grid. */
function widen(box: Box, by: number, g: Grid): Box {
  const x = Math.max(0, box.x - by);
  const y = Math.max(0, box.y - by);
  return {
    x,
    y,
    width: Math.min(g.width, box.x + box.width + by) - x,
    height: Math.min(g.height, box.y + box.height + by) - y,
  };
}

const REACH_ROWS = 'reach-rows';
const REACH_OUT = 'reach-out';

/**
 * Takes the memory a grow or shrink of a `pixels`-pixel image works in now, while the
 * page waits for nothing, so the first of them does not wait for it (scratch.ts).
 */
export function readyToReach(pixels: number): void {
  scratch(REACH_ROWS, Uint8Array, pixels, true);
  scratch(REACH_OUT, Uint8Array, pixels, true);
}

/**
 * Within `box` of `g`, row-major over the box: 1 for each pixel within `px` (Euclidean, in
 * image pixels) of a pixel of the box whose value is `from`, in kept memory (scratch.ts).
 * Exact for the whole image when every such pixel that could be that near lies in the box
 * (the callers choose it so).
 *
 * Two passes over the box, in integers and row by row, so the cost is a few steps a pixel
 * whatever `px`: first, for each pixel, how many rows away the nearest `from` pixel of its
 * column is (up to `px` + 1: farther is as good as none); then, along each row, whether
 * some column's nearest reaches it: a column at vertical distance v reaches
 * ⌊√(px² − v²)⌋ pixels either way along the row.
 */
function reached(g: Grid, box: Box, from: 0 | 1, px: number): Uint8Array {
  const { width: w, height: h } = box;
  const r2 = px * px;
  // A byte a pixel up to 254 (the editor's largest is 200), else two: a grow of 65,534
  // pixels already reaches across any image a browser can draw.
  const far = Math.min(Math.floor(px) + 1, 0xffff);
  const data = g.data;
  const rows =
    far <= 0xff ? scratch(REACH_ROWS, Uint8Array, w * h) : scratch(REACH_ROWS, Uint16Array, w * h);
  for (let y = 0; y < h; y++) {
    const src = (box.y + y) * g.width + box.x;
    const at = y * w;
    for (let x = 0; x < w; x++) {
      const up = y === 0 ? far : (rows[at - w + x] ?? far) + 1;
      rows[at + x] = data[src + x] === from ? 0 : up < far ? up : far;
    }
  }
  for (let at = (h - 2) * w; at >= 0; at -= w) {
    for (let x = 0; x < w; x++) {
      const below = (rows[at + w + x] ?? far) + 1;
      if (below < (rows[at + x] ?? far)) rows[at + x] = below;
    }
  }
  // How far along a row a column reaches, by its vertical distance (-1: not at all).
  const reach = new Int32Array(far + 1).fill(-1);
  for (let v = 0; v < far && v * v <= r2; v++) {
    let along = Math.floor(Math.sqrt(r2 - v * v));
    while ((along + 1) * (along + 1) + v * v <= r2) along++;
    while (along > 0 && along * along + v * v > r2) along--;
    reach[v] = along;
  }
  const out = scratch(REACH_OUT, Uint8Array, w * h);
  for (let at = 0; at < w * h; at += w) {
    // From the left: the farthest any column so far reaches to; then the same from the right.
    let right = -1;
    for (let x = 0; x < w; x++) {
      const along = reach[rows[at + x] ?? far] ?? -1;
      if (along >= 0 && x + along > right) right = x + along;
      out[at + x] = right >= x ? 1 : 0;
    }
    let left = w;
    for (let x = w - 1; x >= 0; x--) {
      const along = reach[rows[at + x] ?? far] ?? -1;
      if (along >= 0 && x - along < left) left = x - along;
      if (left <= x) out[at + x] = 1;
    }
  }
  return out;
}

/** A new mask: `g` outside `box`, and inside it `inside` (row-major over the box). */
function within(g: Grid, box: Box, inside: Uint8Array): Grid {
  const data = g.data.slice();
  for (let y = 0; y < box.height; y++) {
    const from = y * box.width;
    data.set(inside.subarray(from, from + box.width), (box.y + y) * g.width + box.x);
  }
  return { width: g.width, height: g.height, data };
}

/**
 * Every pixel within `px` (Euclidean, in image pixels) of the mask joins it. Only the
 * mask's bounding box widened by `px` is worked on: nothing farther can join.
 */
export function grow(g: Grid, px: number): Grid {
  const box = bounds(g);
  if (px <= 0 || !box) return { ...g, data: g.data.slice() };
  const around = widen(box, Math.ceil(px), g);
  return within(g, around, reached(g, around, 1, px));
}

/**
 * Every mask pixel within `px` of a pixel outside the mask leaves it. The image's edge is
 * not such a pixel: a sky that reaches the top of the image stays there. The box worked
 * on is the mask's widened by one pixel: any pixel outside the mask beyond it is farther
 * than the one on the box's edge in its direction.
 */
export function shrink(g: Grid, px: number): Grid {
  const box = bounds(g);
  if (px <= 0 || !box) return { ...g, data: g.data.slice() };
  const around = widen(box, 1, g);
  const near = reached(g, around, 0, px);
  for (let i = 0; i < near.length; i++) near[i] = near[i] === 1 ? 0 : 1;
  return within(g, around, near);
}

/** What was not masked is, and what was is not, within the image's bounds. */
export function invert(g: Grid): Grid {
  const data = new Uint8Array(g.data.length);
  for (let i = 0; i < data.length; i++) data[i] = g.data[i] === 1 ? 0 : 1;
  return { width: g.width, height: g.height, data };
}

export type Combine = 'replace' | 'add' | 'subtract';

/** A new selection with the mask: in its place, added to it (Shift), or taken out (Alt). */
export function combine(mask: Grid, selection: Grid, how: Combine): Grid {
  if (how === 'replace') return { ...selection, data: selection.data.slice() };
  const data = new Uint8Array(mask.data.length);
  for (let i = 0; i < data.length; i++) {
    const m = mask.data[i] === 1;
    const s = selection.data[i] === 1;
    data[i] = (how === 'add' ? m || s : m && !s) ? 1 : 0;
  }
  return { width: mask.width, height: mask.height, data };
}

/**
 * A running-sum box blur of radius `r` along each of the `h` rows of `w` values; the
 * edge value repeats.
 */
function boxAlongRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number) {
  const each = 1 / (2 * r + 1);
  for (let at = 0; at < w * h; at += w) {
    const first = src[at] ?? 0;
    const end = src[at + w - 1] ?? 0;
    let sum = first * (r + 1);
    for (let i = 1; i <= r; i++) sum += src[at + Math.min(i, w - 1)] ?? 0;
    for (let i = 0; i < w; i++) {
      dst[at + i] = sum * each;
      const add = i + r + 1;
      const drop = i - r;
      sum += (add < w ? (src[at + add] ?? 0) : end) - (drop > 0 ? (src[at + drop] ?? 0) : first);
    }
  }
}

/**
 * The same blur down each column, worked a row at a time with a row of running sums, so
 * memory is read in order rather than a row's length apart.
 */
function boxDownColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number) {
  const each = 1 / (2 * r + 1);
  const sum = new Float64Array(w);
  const rowAt = (y: number) => Math.min(Math.max(y, 0), h - 1) * w;
  for (let i = -r; i <= r; i++) {
    const at = rowAt(i);
    for (let x = 0; x < w; x++) sum[x] = (sum[x] ?? 0) + (src[at + x] ?? 0);
  }
  for (let y = 0; y < h; y++) {
    const out = y * w;
    const add = rowAt(y + r + 1);
    const drop = rowAt(y - r);
    for (let x = 0; x < w; x++) {
      const s = sum[x] ?? 0;
      dst[out + x] = s * each;
      sum[x] = s + (src[add + x] ?? 0) - (src[drop + x] ?? 0);
    }
  }
}

/**
 * The mask's alpha, 0–255, softened over about `px` image pixels on either side of its
 * edge (three box blurs, close to a Gaussian), for the preview, within `box` (the mask's
 * bounding box widened by the blur's reach: the alpha is 0 beyond it), row-major. Null
 * for an empty mask.
 */
export function featherBox(g: Grid, px: number): { box: Box; alpha: Uint8ClampedArray } | null {
  const set = bounds(g);
  if (!set) return null;
  const r = Math.max(0, Math.round(px / 3));
  const box = widen(set, 3 * r + 1, g);
  const { width: w, height: h } = box;
  const a = scratch('feather-a', Float32Array, w * h);
  const data = g.data;
  for (let y = 0; y < h; y++) {
    const row = (box.y + y) * g.width + box.x;
    const at = y * w;
    for (let x = 0; x < w; x++) a[at + x] = data[row + x] === 1 ? 1 : 0;
  }
  if (r > 0) {
    const b = scratch('feather-b', Float32Array, a.length);
    for (let k = 0; k < 3; k++) {
      boxAlongRows(a, b, w, h, r);
      boxDownColumns(b, a, w, h, r);
    }
  }
  const alpha = new Uint8ClampedArray(a.length);
  // The clamped array rounds to the nearest as it stores.
  for (let i = 0; i < a.length; i++) alpha[i] = (a[i] ?? 0) * 255;
  return { box, alpha };
}

/** The feathered alpha of the whole image (see featherBox), row-major. */
export function feather(g: Grid, px: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(g.width * g.height);
  const f = featherBox(g, px);
  if (!f) return out;
  for (let y = 0; y < f.box.height; y++) {
    const from = y * f.box.width;
    out.set(f.alpha.subarray(from, from + f.box.width), (f.box.y + y) * g.width + f.box.x);
  }
  return out;
}
