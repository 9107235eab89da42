import type { Grid } from './grid';

/*
 * Selections made from the image and from the mask itself, all in the image's own pixels:
 * select by colour (the magic wand), grow, shrink, invert, combine, and a feathered alpha
 * for the preview. Pure functions over typed arrays, so a worker runs them on the
 * full-resolution image, and tests check them pixel by pixel.
 */

/** RGBA pixels, row-major, as ImageData holds them. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface WandOptions {
  /** The largest difference, 0–255, in any of red, green and blue that still matches. */
  tolerance: number;
  /** Only the region connected to the clicked pixel (4-neighbours), or every match. */
  contiguous: boolean;
}

/**
 * The pixels whose colour is within `tolerance` of the pixel at (x, y): its connected
 * region (a scanline fill), or every such pixel in the image. Transparent pixels match
 * by colour like any other.
 */
export function magicWand(img: Pixels, x: number, y: number, opts: WandOptions): Grid {
  const { width, height, data } = img;
  const out = new Uint8Array(width * height);
  if (x < 0 || y < 0 || x >= width || y >= height) return { width, height, data: out };
  const seed = (y * width + x) * 4;
  const r = data[seed] ?? 0;
  const g = data[seed + 1] ?? 0;
  const b = data[seed + 2] ?? 0;
  const t = Math.max(0, Math.min(255, opts.tolerance));
  const near = (i: number): boolean => {
    const p = i * 4;
    return (
      Math.abs((data[p] ?? 0) - r) <= t &&
      Math.abs((data[p + 1] ?? 0) - g) <= t &&
      Math.abs((data[p + 2] ?? 0) - b) <= t
    );
  };
  if (!opts.contiguous) {
    for (let i = 0; i < width * height; i++) if (near(i)) out[i] = 1;
    return { width, height, data: out };
  }
  // Spans: fill a run left and right of a seed, then seed the rows above and below once
  // per run of matching pixels there.
  const stack: number[] = [x, y];
  while (stack.length > 0) {
    const sy = stack.pop() ?? 0;
    const sx = stack.pop() ?? 0;
    const row = sy * width;
    if (out[row + sx] === 1 || !near(row + sx)) continue;
    let left = sx;
    while (left > 0 && out[row + left - 1] !== 1 && near(row + left - 1)) left--;
    let right = sx;
    while (right < width - 1 && out[row + right + 1] !== 1 && near(row + right + 1)) right++;
    out.fill(1, row + left, row + right + 1);
    for (const ny of [sy - 1, sy + 1]) {
      if (ny < 0 || ny >= height) continue;
      const nrow = ny * width;
      let inRun = false;
      for (let nx = left; nx <= right; nx++) {
        const open = out[nrow + nx] !== 1 && near(nrow + nx);
        if (open && !inRun) stack.push(nx, ny);
        inRun = open;
      }
    }
  }
  return { width, height, data: out };
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
    const meet = (p: number) => (fq - ((f[p] ?? 0) + p * p)) / (2 * q - 2 * p);
    // z[0] is -FAR, below any intersection: the search stops there at the latest.
    let s = meet(v[k] ?? 0);
    while (s <= (z[k] ?? -FAR)) {
      k--;
      s = meet(v[k] ?? 0);
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

/** For each pixel, the squared distance to the nearest pixel where `from` holds. */
function squaredDistance(width: number, height: number, from: (i: number) => boolean) {
  const dist = new Float64Array(width * height);
  for (let i = 0; i < dist.length; i++) dist[i] = from(i) ? 0 : FAR;
  const n = Math.max(width, height);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = dist[y * width + x] ?? FAR;
    edt1d(f, height, v, z, d);
    for (let y = 0; y < height; y++) dist[y * width + x] = d[y] ?? FAR;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = dist[row + x] ?? FAR;
    edt1d(f, width, v, z, d);
    for (let x = 0; x < width; x++) dist[row + x] = d[x] ?? FAR;
  }
  return dist;
}

/** Every pixel within `px` (Euclidean, in image pixels) of the mask joins it. */
export function grow(g: Grid, px: number): Grid {
  if (px <= 0) return { ...g, data: g.data.slice() };
  const dist = squaredDistance(g.width, g.height, (i) => g.data[i] === 1);
  const r2 = px * px;
  const data = new Uint8Array(g.data.length);
  for (let i = 0; i < data.length; i++) data[i] = (dist[i] ?? FAR) <= r2 ? 1 : 0;
  return { width: g.width, height: g.height, data };
}

/**
 * Every mask pixel within `px` of a pixel outside the mask leaves it. The image's edge is
 * not such a pixel: a sky that reaches the top of the image stays there.
 */
export function shrink(g: Grid, px: number): Grid {
  if (px <= 0) return { ...g, data: g.data.slice() };
  const dist = squaredDistance(g.width, g.height, (i) => g.data[i] !== 1);
  const r2 = px * px;
  const data = new Uint8Array(g.data.length);
  for (let i = 0; i < data.length; i++) data[i] = (dist[i] ?? 0) > r2 ? 1 : 0;
  return { width: g.width, height: g.height, data };
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
 * edge (three box blurs, close to a Gaussian), for the preview. What is sent stays the
 * binary mask: the half-way line of this alpha is the mask's own edge.
 */
export function feather(g: Grid, px: number): Uint8ClampedArray {
  const { width, height } = g;
  const a = new Float32Array(width * height);
  for (let i = 0; i < a.length; i++) a[i] = g.data[i] === 1 ? 1 : 0;
  const out = new Uint8ClampedArray(a.length);
  const r = Math.max(0, Math.round(px / 3));
  if (r > 0) {
    const b = new Float32Array(a.length);
    for (let k = 0; k < 3; k++) {
      boxPass(a, b, height, width, r, width, 1);
      boxPass(b, a, width, height, r, 1, width);
    }
  }
  for (let i = 0; i < a.length; i++) out[i] = Math.round((a[i] ?? 0) * 255);
  return out;
}
