import type { RawImage } from '../pixels/raw-image';
import { mix32 } from '../pixels/prng';
import type { Size } from '../pixels/raster';
import { noiseField } from '../pixels/raster';

/** Larger is crisper region borders; smaller mixes the inputs more evenly. */
const SHARPNESS = 30;
/** Centres per input: each owns the area nearest its centres, so every input shows. */
const CENTRES = 2;

/**
 * Centres of every input, spread by the seed: the picture is cut into a count x CENTRES
 * lattice of cells, shuffled, and each input gets CENTRES cells with a centre jittered
 * inside each, so every input owns about its share of the area. Coordinates in 0..1.
 */
function centresOf(count: number, seed: number): { x: number; y: number }[][] {
  const cells = Array.from({ length: count * CENTRES }, (_, i) => i);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = mix32(seed, i) % (i + 1);
    [cells[i], cells[j]] = [cells[j] ?? 0, cells[i] ?? 0];
  }
  const jitter = (k: number) => 0.5 + 0.6 * (mix32(seed, 1000 + k) / 4294967296 - 0.5);
  return Array.from({ length: count }, (_, input) =>
    Array.from({ length: CENTRES }, (_, k) => {
      const cell = cells[input * CENTRES + k] ?? 0;
      return {
        x: ((cell % count) + jitter(cell * 2)) / count,
        y: (Math.floor(cell / count) + jitter(cell * 2 + 1)) / CENTRES,
      };
    }),
  );
}

/**
 * Soft Voronoi regions: an input's score falls with the distance to its nearest centre,
 * wobbled by value noise so borders meander, and a softmax turns scores into weights.
 */
function regionWeights(count: number, size: Size, seed: number): Float32Array[] {
  const n = size.width * size.height;
  const centres = centresOf(count, seed);
  const wobble = Array.from({ length: count }, (_, j) => noiseField(mix32(seed, 100 + j), size, 4));
  const weights = Array.from({ length: count }, () => new Float32Array(n));
  const scores = new Float64Array(count);
  const diag = Math.hypot(size.width, size.height);
  for (let y = 0, p = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++, p++) {
      let total = 0;
      for (let j = 0; j < count; j++) {
        let d = Infinity;
        for (const c of centres[j] ?? []) {
          d = Math.min(d, Math.hypot(x - c.x * size.width, y - c.y * size.height) / diag);
        }
        scores[j] = Math.exp(-SHARPNESS * d + 2 * (wobble[j]?.[p] ?? 0));
        total += scores[j] ?? 0;
      }
      for (let j = 0; j < count; j++) (weights[j] as Float32Array)[p] = (scores[j] ?? 0) / total;
    }
  }
  return weights;
}

/** Region weights are smooth: they are worked out on a grid this many times coarser. */
const COARSE = 4;

/** Bilinear sample of a coarse weight plane at full-size pixel (x, y). */
function sample(plane: Float32Array, cw: number, ch: number, x: number, y: number): number {
  const gx = Math.min(cw - 1, x / COARSE);
  const gy = Math.min(ch - 1, y / COARSE);
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const x1 = Math.min(cw - 1, x0 + 1);
  const y1 = Math.min(ch - 1, y0 + 1);
  const tx = gx - x0;
  const ty = gy - y0;
  const top = (plane[y0 * cw + x0] ?? 0) * (1 - tx) + (plane[y0 * cw + x1] ?? 0) * tx;
  const bottom = (plane[y1 * cw + x0] ?? 0) * (1 - tx) + (plane[y1 * cw + x1] ?? 0) * tx;
  return top * (1 - ty) + bottom * ty;
}

/**
 * One blended image: the inputs (already at the output size) mixed by soft regions, so
 * each input's colours and shapes appear in its own part of the picture.
 */
function blendOnce(inputs: readonly RawImage[], size: Size, seed: number): RawImage {
  const coarse = {
    width: Math.ceil(size.width / COARSE) + 1,
    height: Math.ceil(size.height / COARSE) + 1,
  };
  const planes = regionWeights(inputs.length, coarse, seed);
  const out = Buffer.alloc(size.width * size.height * 3);
  for (let y = 0, i = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++, i += 3) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < inputs.length; j++) {
        const w = sample(planes[j] as Float32Array, coarse.width, coarse.height, x, y);
        const d = (inputs[j] as RawImage).data;
        r += (d[i] ?? 0) * w;
        g += (d[i + 1] ?? 0) * w;
        b += (d[i + 2] ?? 0) * w;
      }
      out[i] = Math.min(255, Math.round(r));
      out[i + 1] = Math.min(255, Math.round(g));
      out[i + 2] = Math.min(255, Math.round(b));
    }
  }
  return { data: out, ...size, channels: 3 };
}

/** Four blends of 2 to 5 images, each with its own arrangement of the inputs' regions. */
export function renderBlend(inputs: readonly RawImage[], size: Size, seed: number): RawImage[] {
  return [0, 1, 2, 3].map((i) => blendOnce(inputs, size, mix32(seed, i)));
}
