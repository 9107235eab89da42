import type { Pixels } from './metrics';
import { hueHistogram } from './metrics';

/*
 * Comparisons between two images for the follow-up operations' tests (metrics.ts has the
 * single-image measures): does a remix keep the composition, does a new area continue
 * the palette.
 */

/** Sobel gradient magnitude of luma; border pixels are 0. */
function edgeMagnitude(p: Pixels): Float32Array {
  const { width: w, height: h, channels: ch } = p;
  const luma = new Float32Array(w * h);
  for (let i = 0, j = 0; i < luma.length; i++, j += ch) {
    luma[i] =
      0.299 * (p.data[j] ?? 0) + 0.587 * (p.data[j + 1] ?? 0) + 0.114 * (p.data[j + 2] ?? 0);
  }
  const at = (x: number, y: number): number => luma[y * w + x] ?? 0;
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        (at(x - 1, y - 1) + 2 * at(x - 1, y) + at(x - 1, y + 1));
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        (at(x - 1, y - 1) + 2 * at(x, y - 1) + at(x + 1, y - 1));
      out[y * w + x] = Math.hypot(gx, gy);
    }
  }
  return out;
}

/**
 * Pearson correlation of the two images' edge maps: 1 when every edge is where it was
 * (however the colours changed), near 0 for unrelated pictures. Compare at a modest size
 * (e.g. 256 px) so grain does not dominate.
 */
export function edgeCorrelation(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('edges: size mismatch');
  const ea = edgeMagnitude(a);
  const eb = edgeMagnitude(b);
  const n = ea.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += ea[i] ?? 0;
    mb += eb[i] ?? 0;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = (ea[i] ?? 0) - ma;
    const db = (eb[i] ?? 0) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return va === 0 || vb === 0 ? 0 : cov / Math.sqrt(va * vb);
}

/** Each 10-degree bin averaged with its neighbours (circularly): a 30-degree window. */
function smoothed(h: readonly number[]): number[] {
  const n = h.length;
  return h.map((v, k) => ((h[(k + n - 1) % n] ?? 0) + v + (h[(k + 1) % n] ?? 0)) / 3);
}

/**
 * Half the L1 distance between two hue histograms, each smoothed over 30 degrees so hues
 * either side of a bin edge (355 and 5) count as alike: 0 same palette, 1 nothing shared.
 */
export function hueHistogramDistance(a: Pixels, b: Pixels): number {
  const ha = smoothed(hueHistogram(a));
  const hb = smoothed(hueHistogram(b));
  return ha.reduce((sum, v, k) => sum + Math.abs(v - (hb[k] ?? 0)), 0) / 2;
}

/** The pixels of a rectangle, as their own image. */
export function crop(p: Pixels, x: number, y: number, width: number, height: number): Pixels {
  const data = new Uint8Array(width * height * p.channels);
  const row = width * p.channels;
  for (let r = 0; r < height; r++) {
    const from = ((y + r) * p.width + x) * p.channels;
    data.set(p.data.subarray(from, from + row), r * row);
  }
  return { data, width, height, channels: p.channels };
}
