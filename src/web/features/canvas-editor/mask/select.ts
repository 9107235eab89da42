import type { Grid } from './grid';

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

const FAR = 1e20;

/**
 * Squared Euclidean distance transform of one line in place (Felzenszwalb and
 * Huttenlocher's lower envelope of parabolas): d[i] = min over j of (i - j)² + f[j].
 */
function edt1d(f: Float64Array, n: number, v: Int32Array, z: Float64Array, d: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -FAR;
  z[1] = FAR;
  for (let q = 1; q < n; q++) {
    const fq = (f[q] ?? 0) + q * q;
    // z[0] is -FAR, below any intersection: the search stops there at the latest.
    let p = v[k] ?? 0;
    let s = (fq - ((f[p] ?? 0) + p * p)) / (2 * q - 2 * p);
    while (s <= (z[k] ?? -FAR)) {
      k--;
      p = v[k] ?? 0;
      s = (fq - ((f[p] ?? 0) + p * p)) / (2 * q - 2 * p);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = FAR;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while ((z[k + 1] ?? FAR) < q) k++;
    const p = v[k] ?? 0;
    d[q] = (q - p) * (q - p) + (f[p] ?? 0);
  }
}

/**
 * Within `box` of `g`, for each pixel the squared distance to the nearest pixel of the box
 * whose value is `from`; row-major over the box. Exact for the whole image when every
 * such pixel that could be nearest lies in the box (the callers choose it so).
 */
function squaredDistance(g: Grid, box: Box, from: 0 | 1): Float64Array {
  const { width: w, height: h } = box;
  const dist = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = (box.y + y) * g.width + box.x;
    for (let x = 0; x < w; x++) dist[y * w + x] = g.data[row + x] === from ? 0 : FAR;
  }
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = dist[y * w + x] ?? FAR;
    edt1d(f, h, v, z, d);
    for (let y = 0; y < h; y++) dist[y * w + x] = d[y] ?? FAR;
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) f[x] = dist[row + x] ?? FAR;
    edt1d(f, w, v, z, d);
    for (let x = 0; x < w; x++) dist[row + x] = d[x] ?? FAR;
  }
  return dist;
}

/**
 * A new mask: `g` outside `box`, and inside it the pixels whose squared distance (row-major
 * over the box) `keep` accepts.
 */
function within(g: Grid, box: Box, dist: Float64Array, keep: (d2: number) => boolean): Grid {
  const data = g.data.slice();
  for (let y = 0; y < box.height; y++) {
    const row = (box.y + y) * g.width + box.x;
    for (let x = 0; x < box.width; x++) {
      data[row + x] = keep(dist[y * box.width + x] ?? FAR) ? 1 : 0;
    }
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
  const r2 = px * px;
  return within(g, around, squaredDistance(g, around, 1), (d2) => d2 <= r2);
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
  const r2 = px * px;
  return within(g, around, squaredDistance(g, around, 0), (d2) => d2 > r2);
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
 * One pass of a running-sum box blur of radius `r` over `lines` lines of `len` values,
 * line `l` starting at `l * lineStep` with values `step` apart; the edge value repeats.
 */
function boxPass(
  src: Float32Array,
  dst: Float32Array,
  lines: number,
  len: number,
  r: number,
  lineStep: number,
  step: number,
): void {
  const w = 2 * r + 1;
  const last = (len - 1) * step;
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    const first = src[base] ?? 0;
    const end = src[base + last] ?? 0;
    let sum = first * (r + 1);
    for (let i = 1; i <= r; i++) sum += src[base + Math.min(i, len - 1) * step] ?? 0;
    for (let i = 0; i < len; i++) {
      dst[base + i * step] = sum / w;
      const add = i + r + 1;
      const drop = i - r;
      sum +=
        (add < len ? (src[base + add * step] ?? 0) : end) -
        (drop > 0 ? (src[base + drop * step] ?? 0) : first);
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
  const a = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = (box.y + y) * g.width + box.x;
    for (let x = 0; x < w; x++) a[y * w + x] = g.data[row + x] === 1 ? 1 : 0;
  }
  if (r > 0) {
    const b = new Float32Array(a.length);
    for (let k = 0; k < 3; k++) {
      boxPass(a, b, h, w, r, w, 1);
      boxPass(b, a, w, h, r, 1, w);
    }
  }
  const alpha = new Uint8ClampedArray(a.length);
  for (let i = 0; i < a.length; i++) alpha[i] = Math.round((a[i] ?? 0) * 255);
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
