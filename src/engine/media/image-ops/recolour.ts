import { hueDelta, readColourIntent } from '../scene/colour';
import type { RawImage } from '../pixels/raw-image';
import { fnv1a } from '../pixels/prng';

/** A colour a prompt asks for: the hue it moves pixels toward and how saturated it reads. */
export interface HueTarget {
  hue: number;
  sat: number;
}

/**
 * The colours a prompt names, main one first ("teal", then the accent of "teal and
 * orange"); mood words count too (sunset, forest). A prompt that names no colour still
 * gets a stable hue of its own, so two prompts never remix to the same picture.
 */
export function targetsOf(text: string): HueTarget[] {
  const intent = readColourIntent(text.toLowerCase());
  const found = [intent.sky, intent.land, intent.accent].filter((h) => h !== null);
  const out: HueTarget[] = [];
  for (const h of found) {
    if (!out.some((t) => Math.abs(hueDelta(t.hue, h.hue)) < 10)) {
      out.push({ hue: h.hue, sat: Math.min(0.9, Math.max(0.45, h.sat)) });
    }
  }
  if (out.length === 0) out.push({ hue: fnv1a(text.toLowerCase().trim()) % 360, sat: 0.6 });
  return out;
}

/** HSL of an RGB pixel (0..255 channels) into `out` [hue degrees, s, l]; no allocation. */
function toHsl(r: number, g: number, b: number, out: Float64Array): Float64Array {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 510;
  const d = (max - min) / 255;
  if (d === 0) {
    out[0] = 0;
    out[1] = 0;
  } else {
    out[1] = d / (1 - Math.abs(2 * l - 1));
    if (max === r) out[0] = 60 * (((g - b) / 255 / d + 6) % 6);
    else if (max === g) out[0] = 60 * ((b - r) / 255 / d + 2);
    else out[0] = 60 * ((r - g) / 255 / d + 4);
  }
  out[2] = l;
  return out;
}

/** One channel of HSL to RGB (the standard `f(n)` form), 0..1. */
function channel(n: number, h: number, s: number, l: number): number {
  const k = (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
}

/** Writes HSL as RGB into out[i..i+2]. */
function writeHsl(out: Buffer, i: number, h: number, s: number, l: number): void {
  const hue = ((h % 360) + 360) % 360;
  out[i] = Math.round(channel(0, hue, s, l) * 255);
  out[i + 1] = Math.round(channel(8, hue, s, l) * 255);
  out[i + 2] = Math.round(channel(4, hue, s, l) * 255);
}

/**
 * The saturation-weighted circular mean hue: the centre the old hues spread around, so
 * that spread (not the distance to the target) is what a recolour keeps.
 */
function meanHue(img: RawImage): number {
  let x = 0;
  let y = 0;
  const d = img.data;
  const hsl = new Float64Array(3);
  for (let i = 0; i < d.length; i += 12) {
    toHsl(d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0, hsl);
    const h = ((hsl[0] ?? 0) * Math.PI) / 180;
    x += Math.cos(h) * (hsl[1] ?? 0);
    y += Math.sin(h) * (hsl[1] ?? 0);
  }
  return (Math.atan2(y, x) * 180) / Math.PI;
}

/**
 * Per-pixel weights that pick the brightest `share` of an image (soft-edged): a partial
 * recolour repaints highlights and sky fully and leaves shadows, because a half-way mix
 * of two far-apart hues (red and teal) is a muddy third colour, not "a bit of both".
 */
export function brightShare(img: RawImage, share: number): Float32Array {
  const n = img.width * img.height;
  const luma = new Float32Array(n);
  const d = img.data;
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    luma[p] = (0.299 * (d[i] ?? 0) + 0.587 * (d[i + 1] ?? 0) + 0.114 * (d[i + 2] ?? 0)) / 255;
  }
  const sorted = Float32Array.from(luma).sort();
  const pivot = sorted[Math.floor((1 - share) * (n - 1))] ?? 0.5;
  return luma.map((l) => {
    const t = Math.min(1, Math.max(0, (l - pivot) / 0.25 + 0.5));
    return t * t * (3 - 2 * t);
  });
}

/**
 * Moves the palette toward `target` while keeping every pixel's lightness, so shapes
 * and edges (the composition) survive: hues are pulled onto the target (a fifth of the
 * old spread is kept for variety) and greys gain its saturation. `strength` 0..1 (one
 * number, or one per pixel) mixes the recoloured image with the original.
 */
export function recolour(
  img: RawImage,
  target: HueTarget,
  strength: number | Float32Array,
): RawImage {
  const out = Buffer.alloc(img.data.length);
  const d = img.data;
  const centre = meanHue(img);
  const hsl = new Float64Array(3);
  for (let i = 0; i < d.length; i += 3) {
    const k = typeof strength === 'number' ? strength : (strength[i / 3] ?? 0);
    const r = d[i] ?? 0;
    const g = d[i + 1] ?? 0;
    const b = d[i + 2] ?? 0;
    toHsl(r, g, b, hsl);
    const h = hsl[0] ?? 0;
    const s = hsl[1] ?? 0;
    const l = hsl[2] ?? 0;
    const hue = target.hue + 0.2 * hueDelta(h, centre) * Math.min(1, s * 2);
    // Very dark and very light pixels cannot carry much colour; keep them near neutral.
    const room = 1 - Math.abs(2 * l - 1) ** 2;
    writeHsl(out, i, hue, s + (target.sat * room - s) * 0.7, l);
    out[i] = Math.round(r + ((out[i] ?? 0) - r) * k);
    out[i + 1] = Math.round(g + ((out[i + 1] ?? 0) - g) * k);
    out[i + 2] = Math.round(b + ((out[i + 2] ?? 0) - b) * k);
  }
  return { data: out, width: img.width, height: img.height, channels: 3 };
}
