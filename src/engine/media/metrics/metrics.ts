import sharp from 'sharp';

/*
 * Image measurements for tests: small, dependency-free loops over decoded pixels. Hues are in
 * degrees (HSV hue); "saturated" pixels are those with HSV saturation and value both >= 0.2, the
 * ones a viewer perceives as coloured at all.
 */

export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

const MIN_SAT = 0.2;
const MIN_VAL = 0.2;

/** Decodes any image sharp understands to packed RGB, optionally resized first. */
export async function decode(
  image: Buffer,
  size?: { width: number; height: number },
): Promise<Pixels> {
  let pipeline = sharp(image).removeAlpha();
  if (size)
    pipeline = pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Mean absolute difference per channel value, in 0..255 levels. */
export function meanAbsDiff(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) {
    throw new Error(
      `size mismatch: ${a.width}x${a.height}x${a.channels} vs ${b.width}x${b.height}x${b.channels}`,
    );
  }
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / a.data.length;
}

/** Rec.601 luma per pixel. */
function gray(p: Pixels): Float32Array {
  const out = new Float32Array(p.width * p.height);
  for (let i = 0, j = 0; i < out.length; i++, j += p.channels) {
    out[i] = 0.299 * (p.data[j] ?? 0) + 0.587 * (p.data[j + 1] ?? 0) + 0.114 * (p.data[j + 2] ?? 0);
  }
  return out;
}

/** Mean SSIM on luma over 8x8 windows (stride 4), with the standard constants for 8-bit data. */
export function ssim(a: Pixels, b: Pixels, win = 8): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('ssim: size mismatch');
  const ga = gray(a);
  const gb = gray(b);
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const n = win * win;
  const stride = Math.max(1, win >> 1);
  let total = 0;
  let count = 0;
  for (let y = 0; y + win <= a.height; y += stride) {
    for (let x = 0; x + win <= a.width; x += stride) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let dy = 0; dy < win; dy++) {
        let k = (y + dy) * a.width + x;
        for (let dx = 0; dx < win; dx++, k++) {
          const va = ga[k] ?? 0;
          const vb = gb[k] ?? 0;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      count++;
    }
  }
  return count === 0 ? 1 : total / count;
}

/** Calls fn(hue, saturation) for every saturated pixel. */
function eachSaturated(p: Pixels, fn: (hue: number, sat: number) => void): void {
  for (let j = 0; j < p.data.length; j += p.channels) {
    const r = (p.data[j] ?? 0) / 255;
    const g = (p.data[j + 1] ?? 0) / 255;
    const b = (p.data[j + 2] ?? 0) / 255;
    const max = Math.max(r, g, b);
    const d = max - Math.min(r, g, b);
    if (max < MIN_VAL || d / max < MIN_SAT) continue;
    let h: number;
    if (max === r) h = 60 * (((g - b) / d + 6) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
    fn(h, d / max);
  }
}

/** 36 bins of 10 degrees, weighted by saturation and normalised to sum 1 (all zero if grey). */
export function hueHistogram(p: Pixels): number[] {
  const bins = new Array<number>(36).fill(0);
  let total = 0;
  eachSaturated(p, (h, s) => {
    const k = Math.min(35, Math.floor(h / 10));
    bins[k] = (bins[k] ?? 0) + s;
    total += s;
  });
  return total > 0 ? bins.map((v) => v / total) : bins;
}

/**
 * Hue (degrees) of the heaviest 30-degree neighbourhood of the histogram, refined to the
 * weighted circular mean of those three bins. NaN for a grey image.
 */
export function dominantHue(p: Pixels): number {
  const h = hueHistogram(p);
  const at = (k: number): number => h[(k + 36) % 36] ?? 0;
  let best = -1;
  let bestWeight = 0;
  for (let k = 0; k < 36; k++) {
    const w = at(k - 1) + at(k) + at(k + 1);
    if (w > bestWeight) {
      bestWeight = w;
      best = k;
    }
  }
  if (best < 0) return Number.NaN;
  let x = 0;
  let y = 0;
  for (let k = best - 1; k <= best + 1; k++) {
    const angle = (((k * 10 + 5) % 360) * Math.PI) / 180;
    x += Math.cos(angle) * at(k);
    y += Math.sin(angle) * at(k);
  }
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Shortest angular distance between two hues, 0..180. */
export function hueDistance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

/** Fraction of saturated pixels whose hue lies within halfWidth of center (0 if none saturated). */
export function hueBandFraction(p: Pixels, centerDeg: number, halfWidthDeg: number): number {
  let inside = 0;
  let total = 0;
  eachSaturated(p, (h) => {
    total++;
    if (hueDistance(h, centerDeg) <= halfWidthDeg) inside++;
  });
  return total === 0 ? 0 : inside / total;
}

/** Mean absolute 4-neighbour Laplacian of luma: a simple high-frequency energy measure. */
export function laplacianEnergy(p: Pixels): number {
  const g = gray(p);
  const w = p.width;
  let sum = 0;
  let count = 0;
  for (let y = 1; y < p.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const k = y * w + x;
      sum += Math.abs(
        4 * (g[k] ?? 0) - (g[k - 1] ?? 0) - (g[k + 1] ?? 0) - (g[k - w] ?? 0) - (g[k + w] ?? 0),
      );
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** Mean absolute difference between two pixel columns (or rows), over all channels. */
function lineDiff(p: Pixels, a: number, b: number, vertical: boolean): number {
  const len = vertical ? p.height : p.width;
  let sum = 0;
  for (let t = 0; t < len; t++) {
    const ia = ((vertical ? t * p.width + a : a * p.width + t) * p.channels) | 0;
    const ib = ((vertical ? t * p.width + b : b * p.width + t) * p.channels) | 0;
    for (let c = 0; c < 3; c++) sum += Math.abs((p.data[ia + c] ?? 0) - (p.data[ib + c] ?? 0));
  }
  return sum / (len * 3);
}

/**
 * How visible a tile's wrap-around seams are: the last-to-first column (row) difference next to the
 * mean difference between neighbouring interior columns (rows).
 */
export function seamStats(p: Pixels): {
  seamX: number;
  seamY: number;
  interiorX: number;
  interiorY: number;
} {
  let ix = 0;
  for (let x = 0; x < p.width - 1; x++) ix += lineDiff(p, x, x + 1, true);
  let iy = 0;
  for (let y = 0; y < p.height - 1; y++) iy += lineDiff(p, y, y + 1, false);
  return {
    seamX: lineDiff(p, p.width - 1, 0, true),
    seamY: lineDiff(p, p.height - 1, 0, false),
    interiorX: ix / (p.width - 1),
    interiorY: iy / (p.height - 1),
  };
}

/** Mean HSV saturation over all pixels (0..1); a proxy for how vivid an image is. */
export function meanSaturation(p: Pixels): number {
  let sum = 0;
  for (let j = 0; j < p.data.length; j += p.channels) {
    const max = Math.max(p.data[j] ?? 0, p.data[j + 1] ?? 0, p.data[j + 2] ?? 0);
    const min = Math.min(p.data[j] ?? 0, p.data[j + 1] ?? 0, p.data[j + 2] ?? 0);
    sum += max === 0 ? 0 : (max - min) / max;
  }
  return sum / (p.data.length / p.channels);
}

/** Luma standard deviation: a proxy for contrast. */
export function lumaStdDev(p: Pixels): number {
  const g = gray(p);
  let mean = 0;
  for (const v of g) mean += v;
  mean /= g.length;
  let sq = 0;
  for (const v of g) sq += (v - mean) ** 2;
  return Math.sqrt(sq / g.length);
}
