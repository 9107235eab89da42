import type { Pixels } from '../metrics/metrics';
import { hueHistogram, laplacianEnergy, meanSaturation } from '../metrics/metrics';

/*
 * What describe reads from an image without a model: the dominant colours (named from
 * the hue histogram) and a few scene features from simple statistics of the thirds of
 * the picture. Work at ~128 px: it is about the whole, not about detail.
 */

/** Hue ranges (start degree, name), in order round the wheel. */
const HUE_NAMES: readonly (readonly [number, string])[] = [
  [0, 'red'],
  [15, 'orange'],
  [42, 'yellow'],
  [68, 'lime'],
  [90, 'green'],
  [150, 'teal'],
  [178, 'cyan'],
  [200, 'blue'],
  [250, 'purple'],
  [285, 'magenta'],
  [320, 'pink'],
  [345, 'red'],
];

function hueName(hue: number): string {
  const h = ((hue % 360) + 360) % 360;
  let name = 'red';
  for (const [start, n] of HUE_NAMES) if (h >= start) name = n;
  return name;
}

interface NamedColour {
  name: string;
  /** Share of the image's colourful weight (or of all pixels, for neutrals). */
  share: number;
}

interface Thirds {
  top: { luma: number; hue: string | null };
  bottom: { luma: number; hue: string | null };
}

export interface ImageReading {
  colours: NamedColour[];
  /** Scene words guessed from the layout: sky, water, forest, sun, towers... */
  subjects: string[];
  /** Mood and style words: night, sunset, vivid, muted, minimalist, detailed. */
  mood: string[];
}

/** Hue names by share of the saturated weight, largest first (shares under 12% dropped). */
function namedHues(p: Pixels): NamedColour[] {
  const shares = new Map<string, number>();
  hueHistogram(p).forEach((w, k) => {
    const name = hueName(k * 10 + 5);
    shares.set(name, (shares.get(name) ?? 0) + w);
  });
  return [...shares]
    .map(([name, share]) => ({ name, share }))
    .filter((c) => c.share >= 0.12)
    .sort((a, b) => b.share - a.share);
}

function meanLuma(p: Pixels, y0: number, y1: number): number {
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < p.width; x++, n++) {
      const i = (y * p.width + x) * p.channels;
      sum += 0.299 * (p.data[i] ?? 0) + 0.587 * (p.data[i + 1] ?? 0) + 0.114 * (p.data[i + 2] ?? 0);
    }
  }
  return n === 0 ? 0 : sum / n / 255;
}

function band(p: Pixels, y0: number, y1: number): Pixels {
  const row = p.width * p.channels;
  const data = p.data.subarray(y0 * row, y1 * row);
  return { data, width: p.width, height: y1 - y0, channels: p.channels };
}

function thirds(p: Pixels): Thirds {
  const third = Math.max(1, Math.floor(p.height / 3));
  const part = (y0: number, y1: number) => {
    const hues = namedHues(band(p, y0, y1));
    return { luma: meanLuma(p, y0, y1), hue: hues[0]?.name ?? null };
  };
  return { top: part(0, third), bottom: part(p.height - third, p.height) };
}

/** Share of pixels at least `level` bright (0..255 luma): a sun, moon or lamp. */
function brightShare(p: Pixels, level: number): number {
  let n = 0;
  for (let i = 0; i < p.data.length; i += p.channels) {
    const l =
      0.299 * (p.data[i] ?? 0) + 0.587 * (p.data[i + 1] ?? 0) + 0.114 * (p.data[i + 2] ?? 0);
    if (l >= level) n++;
  }
  return n / (p.width * p.height);
}

function subjectsOf(p: Pixels, t: Thirds, luma: number): string[] {
  const out: string[] = [];
  const cool = (h: string | null) => h === 'blue' || h === 'cyan' || h === 'teal';
  if (t.top.luma > t.bottom.luma + 0.08) out.push(cool(t.top.hue) ? 'open sky' : 'glowing sky');
  const glow = brightShare(p, 235);
  if (glow > 0.002 && glow < 0.08) out.push(luma < 0.3 ? 'moon' : 'sun');
  if (cool(t.bottom.hue)) out.push('water');
  else if (t.bottom.hue === 'green' || t.bottom.hue === 'lime') out.push('forest');
  else if (t.bottom.luma < t.top.luma - 0.15) out.push('dark hills');
  if (out.length === 0) out.push('a central subject');
  return out;
}

function moodOf(p: Pixels, colours: readonly NamedColour[], luma: number): string[] {
  const out: string[] = [];
  if (luma < 0.25) out.push('night');
  else if (colours.some((c) => c.name === 'orange' || c.name === 'red') && luma < 0.6)
    out.push('sunset');
  const sat = meanSaturation(p);
  out.push(sat > 0.45 ? 'vivid' : sat < 0.15 ? 'muted' : 'soft');
  out.push(laplacianEnergy(p) > 12 ? 'detailed' : 'minimalist');
  return out;
}

/** Reads colours, scene and mood from a small decoded copy of the image. */
export function readImage(p: Pixels): ImageReading {
  const luma = meanLuma(p, 0, p.height);
  let colours = namedHues(p);
  // Mostly grey pictures are named by lightness, not by the hue of a few pixels.
  if (meanSaturation(p) < 0.08 || colours.length === 0) {
    colours = [{ name: luma < 0.3 ? 'black' : luma > 0.75 ? 'white' : 'grey', share: 1 }];
  }
  return {
    colours: colours.slice(0, 3),
    subjects: subjectsOf(p, thirds(p), luma),
    mood: moodOf(p, colours, luma),
  };
}

/** Common aspect ratios; an image within 3% of one is written that way. */
const COMMON: readonly (readonly [number, number])[] = [
  [1, 1],
  [5, 4],
  [4, 3],
  [3, 2],
  [16, 10],
  [16, 9],
  [2, 1],
  [21, 9],
  [3, 1],
];

/** `--ar` text for a size: a common ratio when close, else the reduced one (at most 8:1). */
export function ratioOf(width: number, height: number): string {
  const r = width / height;
  for (const [a, b] of COMMON) {
    if (Math.abs(r / (a / b) - 1) < 0.03) return `${a}:${b}`;
    if (Math.abs(r / (b / a) - 1) < 0.03) return `${b}:${a}`;
  }
  const clamped = Math.min(8, Math.max(1 / 8, r));
  // Whole numbers up to 100 on the long side keep it readable and within the flag's rule.
  return clamped >= 1 ? `100:${Math.round(100 / clamped)}` : `${Math.round(100 * clamped)}:100`;
}
