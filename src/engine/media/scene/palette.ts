import { FLAG_RANGES } from '@/contract/prompt-flags';
import type { ColourIntent, HueBand, Rgb } from './colour';
import { avoidBands, bandAt, grade, hsl, hueDelta, mix } from './colour';
import type { Genome } from './genes';

export type Key = 'night' | 'dusk' | 'day' | 'overcast';

/** Lightness ladder of a time of day; everything else in the palette hangs off it. */
interface Tone {
  top: number;
  mid: number;
  horizon: number;
  far: number;
  near: number;
  water: number;
  sat: number;
}

const TONES: Readonly<Record<Key, Tone>> = {
  night: { top: 0.08, mid: 0.17, horizon: 0.33, far: 0.3, near: 0.09, water: 0.17, sat: 0.6 },
  dusk: { top: 0.2, mid: 0.42, horizon: 0.68, far: 0.48, near: 0.11, water: 0.32, sat: 0.72 },
  day: { top: 0.44, mid: 0.6, horizon: 0.82, far: 0.68, near: 0.24, water: 0.42, sat: 0.62 },
  overcast: { top: 0.3, mid: 0.43, horizon: 0.6, far: 0.5, near: 0.15, water: 0.3, sat: 0.26 },
};

/**
 * Hand-picked hue triads (sky, land, accent) for prompts that name no colour. Accents stay warm or
 * pink: they colour the sun and its glow, and a cool glow over a blue sky reads as green smog.
 */
const THEMES: readonly (readonly [number, number, number])[] = [
  [212, 140, 40],
  [195, 205, 25],
  [265, 285, 330],
  [28, 350, 45],
  [225, 240, 45],
  [170, 150, 40],
  [340, 300, 30],
  [42, 25, 15],
];

export interface Palette {
  skyTop: Rgb;
  skyMid: Rgb;
  horizon: Rgb;
  glow: Rgb;
  disc: Rgb;
  haze: Rgb;
  landFar: Rgb;
  landNear: Rgb;
  water: Rgb;
  waterDeep: Rgb;
  accent: Rgb;
  accent2: Rgb;
  cloud: Rgb;
  cloudShade: Rgb;
  star: Rgb;
  /** Warm artificial light (windows, lamps); deliberately independent of the sky. */
  lamp: Rgb;
  /** Classic signal red for lighthouse bands and flags. */
  signal: Rgb;
  key: Key;
  /** Every derived colour passes through this so --no holds after mixing, too. */
  guard: (c: Rgb) => Rgb;
}

interface Hues {
  sky: number;
  land: number;
  accent: number;
  sat: number;
}

/** Plausible daytime sky hues, used when the prompt colours only the land. */
const NATURAL_SKIES = [200, 207, 214, 221] as const;

/**
 * If the short way round the colour wheel from one hue to another crosses a forbidden band, RGB
 * blends between them would paint that band; swap the target for a neighbour on the safe side.
 */
function sameSide(from: number, to: number, bands: readonly HueBand[]): number {
  const span = hueDelta(to, from);
  for (let step = 0; step <= 1; step += 0.05) {
    const h = from + span * step;
    const hit = bandAt(h, bands, 12);
    if (hit) return from + (hueDelta(from, hit.center) >= 0 ? 30 : -30);
  }
  return to;
}

/** Night skies are cool; warm themes at night would turn to mud. */
const NIGHT_THEMES: readonly (readonly [number, number, number])[] = THEMES.filter(
  ([sky]) => sky >= 180 && sky <= 300,
);

function chooseHues(intent: ColourIntent, key: Key, g: Genome, weird: number): Hues {
  const w = weird / FLAG_RANGES.weird.max;
  const [themeSky, themeLand, themeAccent] = g.pick(
    'pal.theme',
    key === 'night' ? NIGHT_THEMES : THEMES,
  );
  const side = g.chance('pal.side', 0.5) ? 1 : -1;
  const named = intent.sky ?? intent.land;
  // Named colours may only wobble a little; themes can roam further.
  const wobble = intent.explicit ? 6 : 10;
  const sky =
    (intent.sky?.hue ?? (intent.land ? g.pick('pal.natural', NATURAL_SKIES) : themeSky)) +
    g.range('pal.skyHue', -wobble, wobble);
  // Under a coloured dusk sky, unnamed land reads best as a cool violet silhouette, not mud.
  const skyOnlyLand =
    key === 'dusk' ? towards(sky, 270, 0.6) : sky + g.range('pal.landShift', -25, 25);
  const landBase = intent.land?.hue ?? (intent.sky ? skyOnlyLand : themeLand);
  const accentBase = intent.accent?.hue ?? (intent.explicit ? sky + side * 32 : themeAccent);
  return {
    sky,
    land: sameSide(sky, landBase + g.range('pal.landHue', -wobble, wobble) + w * 50, intent.bands),
    accent: sameSide(sky, accentBase + g.range('pal.accentHue', -8, 8) + w * 160, intent.bands),
    sat: named ? named.sat / 0.7 : 1,
  };
}

const greenish = (h: number): boolean => {
  const w = ((h % 360) + 360) % 360;
  return w > 75 && w < 165;
};

/**
 * Hue a fraction t of the way from one hue to another. Near-complementary pairs (blue sky, orange
 * sun) are ambiguous; real skies blend them through violet and pink, never through green.
 */
function towards(from: number, to: number, t: number): number {
  const short = hueDelta(to, from);
  const long = short > 0 ? short - 360 : short + 360;
  const viaGreen = (d: number): boolean => greenish(from + d / 2);
  const avoid = !greenish(from) && !greenish(to) && viaGreen(short) && !viaGreen(long);
  return from + (avoid ? long : short) * t;
}

/** --stylize over its range → grade; saturation and contrast both rise monotonically with it. */
function stylizeGrade(stylize: number): { saturation: number; contrast: number } {
  const { min, max } = FLAG_RANGES.stylize;
  const s = Math.sqrt(Math.min(max, Math.max(min, stylize)) / max);
  return { saturation: 0.85 + 0.5 * s, contrast: 0.9 + 0.3 * s };
}

export function buildPalette(
  intent: ColourIntent,
  key: Key,
  g: Genome,
  weird: number,
  stylize: number,
): Palette {
  const t = TONES[key];
  const { saturation, contrast } = stylizeGrade(stylize);
  const { sky, land, accent, sat: hueSat } = chooseHues(intent, key, g, weird);
  const dl =
    intent.light + ((intent.sky ?? intent.land)?.light ?? 0) + g.range('pal.light', -0.04, 0.04);
  const s = Math.min(1, t.sat * hueSat * intent.sat * g.range('pal.sat', 0.9, 1.1));
  const guard = (c: Rgb): Rgb => avoidBands(c, intent.bands);
  // Base colours are graded once here; everything derived from them inherits the grade.
  const base = (h: number, sm: number, l: number): Rgb =>
    guard(grade(hsl(h, sm, l), saturation, contrast));
  const c = (h: number, sm: number, l: number): Rgb => base(h, s * sm, l + dl);
  // Dusk lets the accent flood the horizon; other keys keep it a hint so the named colour dominates.
  const glowMix = key === 'dusk' ? 0.55 : 0.2;
  const horizon = c(towards(sky, accent, glowMix), 1.05, t.horizon);
  // A dusk zenith cools toward violet (warm hues turn muddy when dark), unless a colour was named.
  const topHue =
    key === 'dusk' && !intent.explicit
      ? sameSide(sky, towards(sky, 265, 0.4), intent.bands)
      : sky + 8;
  const skyMid = c(sky, 1, t.mid);
  const haze = guard(mix(horizon, skyMid, 0.45));
  return {
    skyTop: c(topHue, key === 'dusk' ? 1.05 : 0.95, t.top),
    skyMid,
    horizon,
    // Moonlight is cool whatever the accent; other glows take the accent's warmth.
    // Daylight glow is near-white: a saturated warm glow over blue sky would blend to green.
    glow:
      key === 'night'
        ? c(sky, 0.5, 0.5)
        : key === 'day'
          ? c(accent, 0.45, 0.9)
          : c(accent, 1.2, Math.min(0.85, t.horizon + 0.1)),
    disc: key === 'night' ? c(sky, 0.15, 0.9) : c(accent, 1.3, 0.82),
    haze,
    landFar: guard(mix(c(land, 0.7, t.far), haze, 0.35)),
    landNear: c(land, 0.85, t.near),
    // Water mirrors the upper sky, so at dusk it takes the cooler zenith hue, not the glow.
    water: c(topHue, 0.95, t.water + 0.05),
    waterDeep: c(topHue + 5, 0.9, t.water * 0.55),
    accent: c(accent, 1.2, 0.55),
    accent2: c(accent + 140 + (weird / FLAG_RANGES.weird.max) * 90, 1.1, 0.6),
    cloud: c(sky, 0.35, Math.min(0.92, t.horizon + 0.12)),
    cloudShade: c(sky + 8, 0.45, t.mid * 0.75),
    star: c(sky, 0.2, 0.92),
    lamp: base(44, 0.95, 0.68),
    signal: base(356, 0.62, 0.46),
    key,
    guard,
  };
}
