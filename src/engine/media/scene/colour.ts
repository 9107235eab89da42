/*
 * Colours: maths on 0..255 RGB triples (hues in degrees), and the colour words a prompt
 * names, read into the hues a scene or a recolour aims for.
 */

import { tokenize } from './prompt-features';

export type Rgb = readonly [number, number, number];

/** A hue range that must not appear (from --no). */
export interface HueBand {
  center: number;
  half: number;
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
const wrapHue = (h: number): number => ((h % 360) + 360) % 360;

/** Signed shortest angular difference a - b in (-180, 180]. */
export function hueDelta(a: number, b: number): number {
  const d = wrapHue(a - b);
  return d > 180 ? d - 360 : d;
}

/** The first band a hue falls in, each widened by `margin` degrees on both sides. */
export function bandAt(hue: number, bands: readonly HueBand[], margin = 0): HueBand | undefined {
  return bands.find((b) => Math.abs(hueDelta(hue, b.center)) < b.half + margin);
}

/**
 * The (r, g, b) before lightness is added, for a hue in sixths of the circle (0 to 6),
 * chroma `c` and second component `x`: the step HSL and HSV share.
 */
export function hueSector(hp: number, c: number, x: number): Rgb {
  if (hp < 1) return [c, x, 0];
  if (hp < 2) return [x, c, 0];
  if (hp < 3) return [0, c, x];
  if (hp < 4) return [0, x, c];
  if (hp < 5) return [x, 0, c];
  return [c, 0, x];
}

export function hsl(h: number, s: number, l: number): Rgb {
  const sat = clamp01(s);
  const lig = clamp01(l);
  const c = (1 - Math.abs(2 * lig - 1)) * sat;
  const hp = wrapHue(h) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] = hueSector(hp, c, x);
  const m = lig - c / 2;
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

function toHsl(c: Rgb): { h: number; s: number; l: number } {
  const r = c[0] / 255;
  const g = c[1] / 255;
  const b = c[2] / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  return { h: rawHue(r, g, b, max, d), s, l };
}

/** Hue of an RGB pixel given its max channel and chroma (shared by HSL and HSV). */
export function rawHue(r: number, g: number, b: number, max: number, d: number): number {
  if (d === 0) return 0;
  if (max === r) return wrapHue(60 * ((g - b) / d));
  if (max === g) return 60 * ((b - r) / d + 2);
  return 60 * ((r - g) / d + 4);
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function hex(c: Rgb): string {
  const part = (v: number): string =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(c[0])}${part(c[1])}${part(c[2])}`;
}

export function rotate(c: Rgb, deg: number): Rgb {
  const { h, s, l } = toHsl(c);
  return hsl(h + deg, s, l);
}

export function lighten(c: Rgb, dl: number): Rgb {
  const { h, s, l } = toHsl(c);
  return hsl(h, s, l + dl);
}

/**
 * Pushes a colour's hue out of forbidden bands (with a margin so blends and grain stay outside
 * too). Colours that cannot escape (bands covering everything nearby) are greyed instead.
 */
export function avoidBands(c: Rgb, bands: readonly HueBand[], margin = 12): Rgb {
  if (bands.length === 0) return c;
  const { h, s, l } = toHsl(c);
  if (s < 0.06) return c;
  let hue = h;
  for (let pass = 0; pass < 3; pass++) {
    const hit = bandAt(hue, bands, margin);
    if (!hit) return hsl(hue, s, l);
    const d = hueDelta(hue, hit.center);
    hue = hit.center + (d >= 0 ? 1 : -1) * (hit.half + margin + 1);
  }
  return hsl(hue, 0.04, l);
}

/**
 * Saturation (around Rec.601 luma) and contrast (around mid-grey). Both are affine in RGB, so
 * grading palette colours is equivalent to grading the rendered image: alpha blending commutes
 * with affine maps. That saves a full-image pass per picture.
 */
export function grade(c: Rgb, saturation: number, contrast: number): Rgb {
  const y = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  const f = (v: number): number =>
    Math.min(255, Math.max(0, (y + (v - y) * saturation - 128) * contrast + 128));
  return [f(c[0]), f(c[1]), f(c[2])];
}

/** A named colour: its hue, how saturated it reads, and how wide a --no band it forbids. */
interface Hue {
  hue: number;
  sat: number;
  /** Lightness bias for colours that are inherently dark (navy) or light (ice). */
  light: number;
  band: number;
}

const hue = (h: number, sat: number, band: number, light = 0): Hue => ({
  hue: h,
  sat,
  band,
  light,
});

const COLOURS: Readonly<Record<string, Hue>> = {
  red: hue(0, 0.8, 22),
  crimson: hue(350, 0.8, 14),
  scarlet: hue(4, 0.85, 12),
  orange: hue(28, 0.9, 14),
  amber: hue(38, 0.9, 10),
  yellow: hue(54, 0.9, 12),
  gold: hue(44, 0.8, 10),
  golden: hue(44, 0.8, 10),
  green: hue(120, 0.65, 35),
  emerald: hue(145, 0.7, 15),
  lime: hue(90, 0.8, 15),
  teal: hue(178, 0.65, 14),
  cyan: hue(186, 0.75, 14),
  turquoise: hue(174, 0.7, 12),
  blue: hue(220, 0.75, 25),
  azure: hue(208, 0.75, 12),
  navy: hue(226, 0.6, 12, -0.06),
  purple: hue(276, 0.6, 20),
  violet: hue(268, 0.65, 14),
  lavender: hue(262, 0.45, 12, 0.1),
  magenta: hue(306, 0.75, 14),
  pink: hue(334, 0.7, 14, 0.06),
  rose: hue(344, 0.65, 10),
  brown: hue(24, 0.45, 14, -0.1),
  slate: hue(214, 0.22, 14, -0.05),
  ice: hue(200, 0.35, 14, 0.12),
};

/** Which part of the scene a mood word colours: forests tint the land, sunsets the sky. */
type Target = 'all' | 'sky' | 'land';

/** Moods that imply colours without naming them; weaker than explicit colour words. */
const EVOCATIVE: Readonly<Record<string, { colours: readonly string[]; target: Target }>> = {
  sunset: { colours: ['orange', 'pink'], target: 'sky' },
  sunrise: { colours: ['pink', 'orange'], target: 'sky' },
  dawn: { colours: ['pink', 'orange'], target: 'sky' },
  dusk: { colours: ['purple', 'orange'], target: 'sky' },
  ocean: { colours: ['blue'], target: 'all' },
  sea: { colours: ['blue'], target: 'all' },
  lake: { colours: ['azure'], target: 'sky' },
  forest: { colours: ['green'], target: 'land' },
  jungle: { colours: ['emerald'], target: 'land' },
  meadow: { colours: ['green', 'yellow'], target: 'land' },
  night: { colours: ['navy'], target: 'all' },
  midnight: { colours: ['navy'], target: 'all' },
  fire: { colours: ['red', 'orange'], target: 'all' },
  flame: { colours: ['red', 'orange'], target: 'all' },
  lava: { colours: ['red', 'orange'], target: 'all' },
  volcano: { colours: ['red', 'orange'], target: 'all' },
  storm: { colours: ['slate'], target: 'all' },
  stormy: { colours: ['slate'], target: 'all' },
  thunder: { colours: ['slate'], target: 'all' },
  snow: { colours: ['ice'], target: 'all' },
  winter: { colours: ['ice'], target: 'all' },
  ice: { colours: ['ice'], target: 'all' },
  frost: { colours: ['ice'], target: 'all' },
  desert: { colours: ['gold', 'orange'], target: 'all' },
  autumn: { colours: ['orange', 'brown'], target: 'land' },
  neon: { colours: ['magenta', 'cyan'], target: 'all' },
  cyberpunk: { colours: ['magenta', 'cyan'], target: 'all' },
};

/** Achromatic words shift lightness/saturation but never choose a hue. */
const NEUTRALS: Readonly<Record<string, { light: number; sat: number }>> = {
  black: { light: -0.15, sat: 0.8 },
  dark: { light: -0.08, sat: 1 },
  white: { light: 0.14, sat: 0.45 },
  snow: { light: 0.1, sat: 0.7 },
  pale: { light: 0.08, sat: 0.6 },
  gray: { light: 0, sat: 0.25 },
  grey: { light: 0, sat: 0.25 },
  silver: { light: 0.06, sat: 0.3 },
  vivid: { light: 0, sat: 1.3 },
  bright: { light: 0.05, sat: 1.2 },
};

export interface ColourIntent {
  sky: Hue | null;
  land: Hue | null;
  accent: Hue | null;
  /** A colour word was named outright: it must dominate, so the palette stays close to it. */
  explicit: boolean;
  light: number;
  sat: number;
  bands: readonly HueBand[];
}

function neutrals(words: readonly string[]): { light: number; sat: number } {
  let light = 0;
  let sat = 1;
  for (const w of words) {
    const n = NEUTRALS[w];
    if (n) {
      light += n.light;
      sat *= n.sat;
    }
  }
  return { light, sat };
}

/** Maps inflections onto table keys ("snowy" → "snow", "reds" → "red") when the table knows them. */
function stem(word: string, known: (w: string) => boolean): string {
  if (known(word)) return word;
  for (const cut of [1, 2]) {
    const base = word.slice(0, -cut);
    if (base.length > 2 && known(base)) return base;
  }
  return word;
}

const isVocabulary = (w: string): boolean => w in COLOURS || w in EVOCATIVE || w in NEUTRALS;

export function readColourIntent(text: string, no: readonly string[] = []): ColourIntent {
  const noWords = no.flatMap(tokenize).map((w) => stem(w, isVocabulary));
  const bands = noWords.flatMap((w) => {
    const c = COLOURS[w];
    return c ? [{ center: c.hue, half: c.band }] : [];
  });
  const usable = (name: string): Hue | null => {
    const c = COLOURS[name];
    return c && !noWords.includes(name) && !bandAt(c.hue, bands) ? c : null;
  };
  const words = tokenize(text).map((w) => stem(w, isVocabulary));
  const intent: ColourIntent = {
    sky: null,
    land: null,
    accent: null,
    explicit: false,
    ...neutrals(words),
    bands,
  };
  const explicit = words.map(usable).filter((h): h is Hue => h !== null);
  if (explicit[0]) {
    intent.sky = explicit[0];
    intent.land = explicit[0];
    intent.accent = explicit[1] ?? null;
    intent.explicit = true;
  }
  for (const w of words) {
    const mood = EVOCATIVE[w];
    if (!mood) continue;
    const [first, ...rest] = mood.colours.map(usable).filter((h): h is Hue => h !== null);
    if (!first) continue;
    if (mood.target !== 'land' && !intent.sky) intent.sky = first;
    if (mood.target !== 'sky' && !intent.land) intent.land = first;
    const extra = rest[0] ?? (intent.sky !== first && intent.land !== first ? first : undefined);
    if (!intent.accent && extra && Math.abs(hueDelta(extra.hue, (intent.sky ?? first).hue)) > 12)
      intent.accent = extra;
  }
  return intent;
}
