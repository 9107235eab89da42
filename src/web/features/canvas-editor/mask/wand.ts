import type { Grid } from './grid';
import type { Pixels } from './select';

/*
 * Select by colour (the magic wand), on the full-resolution image. A pure function over
 * typed arrays, so a worker runs it and tests check it pixel by pixel.
 */

export interface WandOptions {
  /** The largest difference, 0–255, in any of red, green and blue that still matches. */
  tolerance: number;
  /** Only the region connected to the clicked pixel (4-neighbours), or every match. */
  contiguous: boolean;
}

/**
 * A selection as runs along rows, three numbers per run: the row, its first and its last
 * pixel. A wand's region of a million pixels is a few thousand runs, which pack into an
 * op's bits and draw a byte or a rectangle at a time.
 */
export interface Runs {
  width: number;
  height: number;
  /** How many runs `data` holds. */
  count: number;
  data: Int32Array;
}

/** Runs appended one at a time into a buffer that doubles as needed. */
class RunsBuilder {
  private data = new Int32Array(3 * 1024);
  private count = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {}

  add(y: number, x0: number, x1: number): void {
    const at = 3 * this.count;
    if (at === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[at] = y;
    this.data[at + 1] = x0;
    this.data[at + 2] = x1;
    this.count++;
  }

  done(): Runs {
    return { width: this.width, height: this.height, count: this.count, data: this.data };
  }
}

/**
 * A zeroed scratch buffer of `n` bytes. One is kept and cleared for the next fill of the
 * same image: a new one per click would be megabytes of garbage each time, and the pauses
 * to collect it.
 */
let scratch: Uint8Array | null = null;
function cleared(n: number): Uint8Array {
  if (scratch?.length === n) return scratch.fill(0);
  scratch = new Uint8Array(n);
  return scratch;
}

/**
 * The runs of pixels whose colour is within `tolerance` of the pixel at (x, y): its
 * connected region (a scanline fill), or every such pixel in the image. Transparent pixels
 * match by colour like any other. Each pixel of the region is filled once and its
 * neighbours' rows are scanned once per run, so the cost is the region's, not the image's.
 */
export function wandRuns(img: Pixels, x: number, y: number, opts: WandOptions): Runs {
  const { width, height, data } = img;
  const n = width * height;
  const runs = new RunsBuilder(width, height);
  if (x < 0 || y < 0 || x >= width || y >= height) return runs.done();
  // One 32-bit word per pixel, little-endian RGBA: red in the low byte. (A view needs
  // 4-byte alignment; pixels that start elsewhere in their buffer are copied first.)
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, n);
  const seed = words[y * width + x] ?? 0;
  const r = seed & 255;
  const g = (seed >>> 8) & 255;
  const b = (seed >>> 16) & 255;
  const t = Math.max(0, Math.min(255, opts.tolerance));
  const near = (w: number): boolean => {
    const dr = (w & 255) - r;
    const dg = ((w >>> 8) & 255) - g;
    const db = ((w >>> 16) & 255) - b;
    return dr <= t && dr >= -t && dg <= t && dg >= -t && db <= t && db >= -t;
  };
  if (!opts.contiguous) {
    for (let row = 0; row < height; row++) {
      const from = row * width;
      for (let k = 0; k < width; k++) {
        if (!near(words[from + k] ?? 0)) continue;
        const x0 = k;
        while (k + 1 < width && near(words[from + k + 1] ?? 0)) k++;
        runs.add(row, x0, k);
      }
    }
    return runs.done();
  }
  // Seeds are matching pixels; a seed already filled by then is skipped.
  const filled = cleared(n);
  let stack = new Int32Array(1024);
  let top = 0;
  stack[top++] = y * width + x;
  while (top > 0) {
    const i = stack[--top] ?? 0;
    if (filled[i] === 1) continue;
    const row = (i / width) | 0;
    const start = row * width;
    const end = start + width;
    let left = i;
    while (left > start && filled[left - 1] === 0 && near(words[left - 1] ?? 0)) left--;
    let right = i + 1;
    while (right < end && filled[right] === 0 && near(words[right] ?? 0)) right++;
    filled.fill(1, left, right);
    runs.add(row, left - start, right - 1 - start);
    // One seed per run of open pixels in the rows above and below.
    for (let side = 0; side < 2; side++) {
      const d = side === 0 ? -width : width;
      if (start + d < 0 || start + d >= n) continue;
      let inRun = false;
      for (let k = left + d; k < right + d; k++) {
        const open = filled[k] === 0 && near(words[k] ?? 0);
        if (open && !inRun) {
          if (top === stack.length) {
            const bigger = new Int32Array(stack.length * 2);
            bigger.set(stack);
            stack = bigger;
          }
          stack[top++] = k;
        }
        inRun = open;
      }
    }
  }
  return runs.done();
}

/** The runs' pixels as a grid of the image's size. */
function gridOfRuns(runs: Runs): Grid {
  const out = new Uint8Array(runs.width * runs.height);
  for (let j = 0; j < runs.count; j++) {
    const from = (runs.data[3 * j] ?? 0) * runs.width;
    out.fill(1, from + (runs.data[3 * j + 1] ?? 0), from + (runs.data[3 * j + 2] ?? 0) + 1);
  }
  return { width: runs.width, height: runs.height, data: out };
}

/** The wand's selection (wandRuns) as a grid of the image's size. */
export const magicWand = (img: Pixels, x: number, y: number, opts: WandOptions): Grid =>
  gridOfRuns(wandRuns(img, x, y, opts));
