/** Colour maths on 0..255 RGB triples; hues are in degrees. */

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
    const hit = bands.find((b) => Math.abs(hueDelta(hue, b.center)) < b.half + margin);
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
