/**
 * Prompt `--flags`: parse a prompt into its text and flags, validate each flag's value,
 * and serialize back. Parsing keeps every character (spacing included), so
 * `serializePrompt(parsePrompt(s)) === s` for any string, in time linear in its length.
 */
import { flagMarks, skipSpace, trimSpaceEnd } from './prompt-scan';
import { isHttpUrl } from './urls';

/**
 * The values a number flag takes: from `min` to `max`, whole numbers (`step` 1) or any
 * decimal (`step` 'any'), as the prompt box's inputs offer them too.
 */
interface FlagRange {
  min: number;
  max: number;
  step: 1 | 'any';
}

/** Every number flag's range, the one place these bounds are written. */
export const FLAG_RANGES = {
  stylize: { min: 0, max: 1000, step: 1 },
  chaos: { min: 0, max: 100, step: 1 },
  weird: { min: 0, max: 3000, step: 1 },
  seed: { min: 0, max: 4294967295, step: 1 },
  sw: { min: 0, max: 1000, step: 1 },
  cw: { min: 0, max: 100, step: 1 },
  iw: { min: 0, max: 3, step: 'any' },
} as const satisfies Record<string, FlagRange>;
export type NumberFlagName = keyof typeof FLAG_RANGES;

/** `--motion`, how much a video moves; low is the service's default. */
export const VIDEO_MOTIONS = ['low', 'high'] as const;
export type VideoMotion = (typeof VIDEO_MOTIONS)[number];
export const VIDEO_MOTION_LABELS: Record<VideoMotion, string> = { low: 'Low', high: 'High' };

type FlagKind =
  | { kind: 'switch' }
  | ({ kind: 'number' } & FlagRange)
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'ratio' }
  | { kind: 'urls' }
  | { kind: 'words' };

export type FlagSpec = FlagKind & {
  name: string;
  aliases?: readonly string[];
  help: string;
  /** Where the prompt editor groups it. */
  group: 'shape' | 'model' | 'style' | 'reference' | 'speed' | 'video';
};

/** A number flag, its range and the range said in its help. */
const numberFlag = (
  name: NumberFlagName,
  spec: Pick<FlagSpec, 'aliases' | 'group' | 'help'>,
): FlagSpec => {
  const range = FLAG_RANGES[name];
  return {
    name,
    kind: 'number',
    ...range,
    ...spec,
    help: `${spec.help} (${range.min} to ${range.max})`,
  };
};

export const FLAG_SPECS: readonly FlagSpec[] = [
  { name: 'ar', aliases: ['aspect'], kind: 'ratio', group: 'shape', help: 'Aspect ratio W:H' },
  {
    name: 'v',
    aliases: ['version'],
    kind: 'choice',
    values: ['5', '5.1', '5.2', '6', '6.1', '7'],
    group: 'model',
    help: 'Model version',
  },
  { name: 'niji', kind: 'choice', values: ['5', '6'], group: 'model', help: 'Anime model' },
  {
    name: 'style',
    kind: 'choice',
    values: ['raw', 'cute', 'expressive', 'original', 'scenic'],
    group: 'style',
    help: 'Style preset',
  },
  numberFlag('stylize', {
    aliases: ['s'],
    group: 'style',
    help: 'How strongly the model applies its aesthetic',
  }),
  numberFlag('chaos', {
    aliases: ['c'],
    group: 'style',
    help: 'How different the four images are',
  }),
  numberFlag('weird', { aliases: ['w'], group: 'style', help: 'Unconventional aesthetics' }),
  {
    name: 'q',
    aliases: ['quality'],
    kind: 'choice',
    values: ['.25', '0.25', '.5', '0.5', '1', '2'],
    group: 'model',
    help: 'Rendering quality',
  },
  numberFlag('seed', { group: 'model', help: 'Seed for repeatable results' }),
  { name: 'no', kind: 'words', group: 'style', help: 'What to leave out' },
  { name: 'tile', kind: 'switch', group: 'shape', help: 'Seamless repeating tile' },
  { name: 'draft', kind: 'switch', group: 'speed', help: 'Fast, cheap draft batch (needs --v 7)' },
  { name: 'fast', kind: 'switch', group: 'speed', help: 'Fast mode (default)' },
  { name: 'turbo', kind: 'switch', group: 'speed', help: 'Turbo mode: faster, double cost' },
  { name: 'sref', kind: 'urls', group: 'reference', help: 'Style reference image URLs' },
  numberFlag('sw', { group: 'reference', help: 'Style reference weight' }),
  { name: 'cref', kind: 'urls', group: 'reference', help: 'Character reference image URLs' },
  numberFlag('cw', { group: 'reference', help: 'Character reference weight' }),
  numberFlag('iw', { group: 'reference', help: 'Image prompt weight' }),
  {
    name: 'motion',
    kind: 'choice',
    values: VIDEO_MOTIONS,
    group: 'video',
    help: 'Video motion amount',
  },
  { name: 'raw', kind: 'switch', group: 'video', help: 'Video: less stylised motion' },
  { name: 'end', kind: 'urls', group: 'video', help: 'Video: end frame image URL' },
];

const SPEC_BY_NAME = new Map<string, FlagSpec>();
for (const spec of FLAG_SPECS) {
  SPEC_BY_NAME.set(spec.name, spec);
  for (const alias of spec.aliases ?? []) SPEC_BY_NAME.set(alias, spec);
}

export const flagSpec = (written: string): FlagSpec | undefined =>
  SPEC_BY_NAME.get(written.toLowerCase());

export interface PromptFlag {
  /** Canonical name (`ar` for `--aspect`); the written name for unknown flags. */
  name: string;
  /** The name as written, without dashes. */
  written: string;
  /** The value as written, trimmed; '' for a switch. */
  value: string;
  /** Whitespace before `--`, between name and value: kept for an exact round trip. */
  lead: string;
  sep: string;
}

export interface ParsedPrompt {
  text: string;
  flags: PromptFlag[];
  /** Trailing whitespace after the last flag. */
  tail: string;
}

export function parsePrompt(prompt: string): ParsedPrompt {
  const marks = flagMarks(prompt);
  const first = marks[0];
  if (!first) return { text: prompt, flags: [], tail: '' };
  let tail = '';
  const flags = marks.map((m, i): PromptFlag => {
    const end = marks[i + 1]?.lead ?? prompt.length;
    const valueStart = skipSpace(prompt, m.end, end);
    // Only the last value can end in whitespace: any other ends where the next lead begins.
    const valueEnd = trimSpaceEnd(prompt, valueStart, end);
    tail = prompt.slice(valueEnd, end);
    const written = prompt.slice(m.dashes + 2, m.end);
    return {
      name: flagSpec(written)?.name ?? written.toLowerCase(),
      written,
      value: prompt.slice(valueStart, valueEnd),
      lead: prompt.slice(m.lead, m.dashes),
      sep: prompt.slice(m.end, valueStart),
    };
  });
  return { text: prompt.slice(0, first.lead), flags, tail };
}

export function serializePrompt(p: ParsedPrompt): string {
  return p.text + p.flags.map((f) => `${f.lead}--${f.written}${f.sep}${f.value}`).join('') + p.tail;
}

export const getFlag = (p: ParsedPrompt, name: string): PromptFlag | undefined =>
  p.flags.find((f) => f.name === name);

export const hasFlag = (p: ParsedPrompt, name: string): boolean => getFlag(p, name) !== undefined;

/** Sets (or adds) a flag; '' as value for switches. Returns a new prompt. */
export function setFlag(p: ParsedPrompt, written: string, value: string): ParsedPrompt {
  const name = flagSpec(written)?.name ?? written;
  const sep = value === '' ? '' : ' ';
  const existing = getFlag(p, name);
  // No space before the first flag of an otherwise empty prompt.
  const lead = p.text.trim() === '' && p.flags.length === 0 ? '' : ' ';
  const flags = existing
    ? p.flags.map((f) => (f === existing ? { ...f, value, sep } : f))
    : [...p.flags, { name, written: name, value, lead, sep }];
  return { ...p, text: existing ? p.text : p.text.trimEnd(), flags };
}

export function removeFlag(p: ParsedPrompt, written: string): ParsedPrompt {
  const name = flagSpec(written)?.name ?? written;
  const flags = p.flags.filter((f) => f.name !== name);
  const first = flags[0];
  // The first remaining flag of a prompt with no text needs no space before it.
  if (first && p.text.trim() === '' && first.lead !== '') flags[0] = { ...first, lead: '' };
  return { ...p, flags };
}

export interface FlagProblem {
  flag: string;
  message: string;
}

/** Plain decimals only: `Number()` would also take `0x10`, `1e3` or `Infinity`. */
const DECIMAL_RE = /^(\d+(\.\d+)?|\.\d+)$/;

function checkValue(spec: FlagSpec, value: string): string | null {
  switch (spec.kind) {
    case 'switch':
      return value === '' ? null : `takes no value (found "${value}")`;
    case 'number': {
      const n = Number(value);
      const ok =
        DECIMAL_RE.test(value) &&
        Number.isFinite(n) &&
        n >= spec.min &&
        n <= spec.max &&
        (spec.step === 'any' || Number.isInteger(n));
      return ok
        ? null
        : `must be ${spec.step === 'any' ? 'a number' : 'an integer'} from ${spec.min} to ${spec.max}`;
    }
    case 'choice':
      return spec.values.includes(value) ? null : `must be one of ${spec.values.join(', ')}`;
    case 'ratio':
      return parseRatio(value) ? null : 'must be a ratio W:H of whole numbers, at most 8:1';
    case 'urls': {
      const parts = value.split(/\s+/).filter(Boolean);
      return parts.length > 0 && parts.every((u) => isHttpUrl(u) || /^\d+$/.test(u))
        ? null
        : 'must be one or more http(s) URLs';
    }
    case 'words':
      return value.trim() === '' ? 'needs at least one word' : null;
  }
}

export function parseRatio(value: string): { w: number; h: number } | null {
  const m = /^(\d{1,5}):(\d{1,5})$/.exec(value.trim());
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w < 1 || h < 1 || Math.max(w, h) / Math.min(w, h) > 8) return null;
  return { w, h };
}

/**
 * Every problem with the flags, each naming the flag and what it allows, each said once:
 * a pasted prompt that repeats a flag hundreds of times gets one line, not hundreds.
 */
export function validateFlags(p: ParsedPrompt): FlagProblem[] {
  const problems: FlagProblem[] = [];
  const seen = new Set<string>();
  for (const f of p.flags) {
    const spec = flagSpec(f.written);
    if (!spec) {
      problems.push({ flag: f.written, message: `--${f.written} is not a known flag` });
      continue;
    }
    if (seen.has(spec.name)) {
      problems.push({ flag: spec.name, message: `--${spec.name} is given more than once` });
    }
    seen.add(spec.name);
    const wrong = checkValue(spec, f.value);
    if (wrong) problems.push({ flag: spec.name, message: `--${f.written} ${wrong}` });
  }
  if (seen.has('fast') && seen.has('turbo')) {
    problems.push({ flag: 'turbo', message: '--fast and --turbo cannot be used together' });
  }
  if (seen.has('draft') && getFlag(p, 'v')?.value !== '7') {
    problems.push({ flag: 'draft', message: '--draft needs --v 7' });
  }
  const said = new Set<string>();
  return problems.filter((q) => !said.has(q.message) && said.add(q.message));
}

/** The aspect ratio a prompt asks for; 1:1 when absent or invalid. */
export function aspectOf(p: ParsedPrompt): { w: number; h: number } {
  const ar = getFlag(p, 'ar');
  return (ar && parseRatio(ar.value)) || { w: 1, h: 1 };
}

export type Speed = 'fast' | 'turbo';
export const speedOf = (p: ParsedPrompt): Speed => (hasFlag(p, 'turbo') ? 'turbo' : 'fast');
export const isDraft = (p: ParsedPrompt): boolean =>
  hasFlag(p, 'draft') && getFlag(p, 'v')?.value === '7';

/** A video prompt asking for `motion`: low, the service's default, adds no flag. */
export const withMotion = (prompt: string, motion: VideoMotion): string =>
  motion === 'low' ? prompt : `${prompt} --motion ${motion}`.trim();
