import type { Grid } from './grid';
import { scratch } from './scratch';
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

/** `data` when `at` is inside it, else a copy twice as long: room to write at `at`. */
function roomAt(data: Int32Array<ArrayBuffer>, at: number): Int32Array<ArrayBuffer> {
  if (at < data.length) return data;
  const bigger = new Int32Array(data.length * 2);
  bigger.set(data);
  return bigger;
}

/** Runs appended one at a time into a buffer that doubles as needed. */
export class RunsBuilder {
  private data = new Int32Array(3 * 1024);
  private count = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {}

  add(y: number, x0: number, x1: number): void {
    const at = 3 * this.count;
    this.data = roomAt(this.data, at);
    this.data[at] = y;
    this.data[at + 1] = x0;
    this.data[at + 2] = x1;
    this.count++;
  }

  /** How many runs have been added. */
  get size(): number {
    return this.count;
  }

  done(): Runs {
    return { width: this.width, height: this.height, count: this.count, data: this.data };
  }
}

/**
 * The runs of pixels whose colour is within `tolerance` of the pixel at (x, y): its
 * connected region (a span fill), or every such pixel in the image. Transparent pixels
 * match by colour like any other. Each pixel of the region is filled once, and a row is
 * looked at beside a run only where the run's own parent does not already cover it, so
 * the cost is about one colour test per pixel of the region and its border.
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
  // Cleared and kept for the next click: not megabytes of garbage at each (scratch.ts).
  const filled = scratch('wand-filled', Uint8Array, n, true);
  const open = (i: number): boolean => filled[i] === 0 && near(words[i] ?? 0);
  // The clicked pixel's run, then, from each run filled, the row beside it one way.
  let left = x;
  let right = x;
  while (left > 0 && open(y * width + left - 1)) left--;
  while (right + 1 < width && open(y * width + right + 1)) right++;
  filled.fill(1, y * width + left, y * width + right + 1);
  runs.add(y, left, right);
  const todo = new SpanStack();
  todo.push(y, left, right, 1);
  todo.push(y, left, right, -1);
  while (todo.size > 0) {
    const [row, x0, x1, dy] = todo.pop();
    const next = row + dy;
    if (next < 0 || next >= height) continue;
    const at = next * width;
    for (let k = x0; k <= x1; k++) {
      if (!open(at + k)) continue;
      // Every run is as long as it can be: it reaches back past x0 only from x0 itself.
      let start = k;
      if (k === x0) while (start > 0 && open(at + start - 1)) start--;
      let end = k;
      while (end + 1 < width && open(at + end + 1)) end++;
      filled.fill(1, at + start, at + end + 1);
      runs.add(next, start, end);
      todo.push(next, start, end, dy);
      // Where it reaches past the run it came from, the row that run is on is looked at
      // too (x0 - 1 and x1 + 1 there are not open, or that run would have taken them).
      if (start < x0 - 1) todo.push(next, start, x0 - 2, -dy);
      if (end > x1 + 1) todo.push(next, x1 + 2, end, -dy);
      k = end + 1;
    }
  }
  return runs.done();
}

/** Runs still to look beside: row, first, last, and which way (+1 down, -1 up). */
class SpanStack {
  private data = new Int32Array(4 * 256);
  size = 0;
  private readonly out: [number, number, number, number] = [0, 0, 0, 0];

  push(row: number, x0: number, x1: number, dy: number): void {
    const at = 4 * this.size;
    this.data = roomAt(this.data, at);
    this.data[at] = row;
    this.data[at + 1] = x0;
    this.data[at + 2] = x1;
    this.data[at + 3] = dy;
    this.size++;
  }

  /** The top entry, in a tuple reused by the next pop. */
  pop(): readonly [number, number, number, number] {
    const at = 4 * --this.size;
    this.out[0] = this.data[at] ?? 0;
    this.out[1] = this.data[at + 1] ?? 0;
    this.out[2] = this.data[at + 2] ?? 0;
    this.out[3] = this.data[at + 3] ?? 0;
    return this.out;
  }
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
