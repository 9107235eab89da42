import type { HueBand } from './color';
import { hueDelta } from './color';
import { tokenize } from './prompt-features';

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

const inBand = (h: Hue, bands: readonly HueBand[]): boolean =>
  bands.some((b) => Math.abs(hueDelta(h.hue, b.center)) < b.half);

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
    return c && !noWords.includes(name) && !inBand(c, bands) ? c : null;
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
