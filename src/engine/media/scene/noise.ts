import { mix32 } from '../pixels/prng';

/** Options for 1-D fractal noise used to draw ridgelines, coastlines and wave rows. */
export interface FbmOptions {
  seed: number;
  /** Lattice cells across one frame width at the lowest octave. */
  cells: number;
  octaves: number;
  /** 0 = rolling (hills), 1 = ridged (sharp mountain crests). */
  ridged: number;
  /** Wrap the lattice every frame width, which makes `--tile` ridgelines seamless. */
  wrap: boolean;
}

function lattice(i: number, seed: number, period: number): number {
  const idx = period > 0 ? ((i % period) + period) % period : i;
  return (mix32(seed, idx >>> 0) / 4294967296) * 2 - 1;
}

/** Smooth value noise in [-1, 1]. */
function valueNoise(x: number, seed: number, period: number): number {
  const i0 = Math.floor(x);
  const f = x - i0;
  const t = f * f * f * (f * (f * 6 - 15) + 10);
  const a = lattice(i0, seed, period);
  const b = lattice(i0 + 1, seed, period);
  return a + (b - a) * t;
}

/** Fractal noise in [0, 1] at frame position u (0..1 spans the frame width). */
export function fbm(u: number, o: FbmOptions): number {
  let sum = 0;
  let norm = 0;
  let amp = 1;
  // Integer cells per octave keep the wrap period exactly one frame width.
  let freq = Math.max(1, Math.round(o.cells));
  for (let k = 0; k < o.octaves; k++) {
    const n = valueNoise(u * freq, o.seed + k * 7919, o.wrap ? freq : 0);
    const smooth = (n + 1) / 2;
    const ridge = 1 - Math.abs(n);
    sum += amp * (smooth * (1 - o.ridged) + ridge * ridge * o.ridged);
    norm += amp;
    amp *= 0.5;
    freq *= 2;
  }
  return sum / norm;
}

function lattice2(ix: number, iy: number, seed: number, periodX: number): number {
  const x = periodX > 0 ? ((ix % periodX) + periodX) % periodX : ix;
  return mix32(mix32(seed, x >>> 0), iy >>> 0) / 4294967296;
}

/** 2-D value noise in [0, 1], optionally periodic in x. */
function valueNoise2(x: number, y: number, seed: number, periodX: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = lattice2(ix, iy, seed, periodX);
  const b = lattice2(ix + 1, iy, seed, periodX);
  const c = lattice2(ix, iy + 1, seed, periodX);
  const d = lattice2(ix + 1, iy + 1, seed, periodX);
  const top = a + (b - a) * sx;
  return top + (c + (d - c) * sx - top) * sy;
}

/** 2-D fractal noise in [0, 1]; cellsX is rounded so a wrapping field repeats every frame width. */
export function fbm2(
  u: number,
  v: number,
  seed: number,
  cellsX: number,
  cellsY: number,
  octaves: number,
  wrap: boolean,
): number {
  let sum = 0;
  let norm = 0;
  let amp = 1;
  let fx = Math.max(1, Math.round(cellsX));
  let fy = cellsY;
  for (let k = 0; k < octaves; k++) {
    sum += amp * valueNoise2(u * fx, v * fy, seed + k * 1013, wrap ? fx : 0);
    norm += amp;
    amp *= 0.5;
    fx *= 2;
    fy *= 2;
  }
  return sum / norm;
}
