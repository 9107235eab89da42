import sharp from 'sharp';
import type { RawImage } from '../pixels/raw-image';

/** Colour distance (RGB, 0..441) below which a pixel counts as background... */
const NEAR = 28;
/** ...and above which it is surely subject; in between, alpha ramps (a feathered edge). */
const FAR = 60;

type Rgb = [number, number, number];

/** The border pixels, where the background of a photographed or rendered subject shows. */
function borderSamples(img: RawImage): Rgb[] {
  const { width: w, height: h, data } = img;
  const out: Rgb[] = [];
  const take = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    out.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
  };
  const step = Math.max(1, Math.floor((w + h) / 400));
  for (let x = 0; x < w; x += step) {
    take(x, 0);
    take(x, h - 1);
  }
  for (let y = 0; y < h; y += step) {
    take(0, y);
    take(w - 1, y);
  }
  return out;
}

const dist = (a: Rgb, b: Rgb): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * A few representative background colours (k-means on the border, k up to 4), so a
 * gradient or two-tone backdrop is recognised as well as a flat one.
 */
function backgroundColours(samples: readonly Rgb[]): Rgb[] {
  let centres: Rgb[] = [0, 0.33, 0.66, 0.99].map(
    (f) => samples[Math.floor(f * (samples.length - 1))] ?? [0, 0, 0],
  );
  for (let round = 0; round < 6; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const s of samples) {
      let best = 0;
      centres.forEach((c, k) => {
        if (dist(s, c) < dist(s, centres[best] ?? c)) best = k;
      });
      const acc = sums[best] as number[];
      for (let c = 0; c < 3; c++) acc[c] = (acc[c] ?? 0) + s[c as 0 | 1 | 2];
      acc[3] = (acc[3] ?? 0) + 1;
    }
    centres = sums.flatMap((acc, k) =>
      (acc[3] ?? 0) > 0
        ? [[0, 1, 2].map((c) => (acc[c] ?? 0) / (acc[3] ?? 1)) as Rgb]
        : [centres[k] as Rgb],
    );
  }
  return centres;
}

/** Background likeness per pixel: 1 near a backdrop colour, 0 far from all of them. */
function likeness(img: RawImage, backdrop: readonly Rgb[]): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const px: Rgb = [img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0];
    let d = Infinity;
    for (const c of backdrop) d = Math.min(d, dist(px, c));
    out[p] = Math.min(1, Math.max(0, (FAR - d) / (FAR - NEAR)));
  }
  return out;
}

/**
 * Clears only background that touches the border (a flood fill over background-like
 * pixels), so a subject's own patches of backdrop colour stay opaque.
 */
function connectedBackground(like: Float32Array, w: number, h: number): Uint8Array {
  const clear = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (p: number) => {
    if (clear[p] === 0 && (like[p] ?? 0) > 0) {
      clear[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % w;
    if (x > 0) push(p - 1);
    if (x < w - 1) push(p + 1);
    if (p >= w) push(p - w);
    if (p < w * (h - 1)) push(p + w);
  }
  return clear;
}

/**
 * The subject cut out: background estimated from the border colours, made transparent
 * where it is connected to the border, with a feathered (ramped, then softened) edge.
 * Returns an RGBA PNG.
 */
export async function removeBackground(img: RawImage): Promise<Buffer> {
  const { width: w, height: h } = img;
  const like = likeness(img, backgroundColours(borderSamples(img)));
  const clear = connectedBackground(like, w, h);
  const alpha = Buffer.alloc(w * h);
  for (let p = 0; p < w * h; p++)
    alpha[p] = clear[p] ? Math.round(255 * (1 - (like[p] ?? 0))) : 255;
  const soft = await sharp(alpha, { raw: { width: w, height: h, channels: 1 } })
    .blur(Math.max(0.6, Math.max(w, h) / 1024))
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp(img.data, { raw: { width: w, height: h, channels: 3 } })
    .joinChannel(soft, { raw: { width: w, height: h, channels: 1 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
