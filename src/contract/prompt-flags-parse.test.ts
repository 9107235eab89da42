import { describe, expect, it } from 'vitest';
import {
  getFlag,
  parsePrompt,
  removeFlag,
  serializePrompt,
  setFlag,
  type ParsedPrompt,
} from './prompt-flags';

const roundTrip = (s: string) => serializePrompt(parsePrompt(s));
const flagsOf = (s: string) => parsePrompt(s).flags.map((f) => [f.name, f.value]);
const edit = (s: string, f: (p: ParsedPrompt) => ParsedPrompt) =>
  serializePrompt(f(parsePrompt(s)));

describe('parsePrompt and serializePrompt round trip', () => {
  const SAMPLES = [
    '',
    ' ',
    'a cat',
    'a  cat   on a mat',
    '  leading spaces',
    'trailing spaces   ',
    'a cat --ar 16:9',
    'a cat --ar 16:9   ',
    'a cat    --ar   16:9    --v  7',
    'a cat\t--ar\t16:9\t--tile\t',
    'a cat\n--ar 16:9\n--no red',
    '--ar 16:9 --v 7',
    '  --tile',
    '--tile',
    'a cat --no red, blue',
    'a cat --no red, blue --ar 2:3',
    'https://x.com/a--b a cat',
    'a cat https://x.com/a--b --ar 1:1',
    'a cat --sref https://x.com/a--b.png https://x.com/c.png --sw 100',
    'a -- b',
    'a --- b',
    'a -- --ar 1:1',
    'a cat --AR 16:9 --V 7',
    'un chat très mignon 🐱 —ar 16:9 --ar 3:2',
    '猫 --niji 6 --style raw',
    'a cat --ar16:9',
    'a cat --',
    'a cat --v 7 --draft --fast --turbo ',
    'a cat --seed 4294967295 --chaos 10 --stylize 250 --weird 5',
  ];

  it.each(SAMPLES)('%j', (s) => {
    expect(roundTrip(s)).toBe(s);
  });

  it('separates text and flags', () => {
    const p = parsePrompt('a cat  on a mat --ar 16:9 --no red, blue --tile');
    expect(p.text).toBe('a cat  on a mat');
    expect(flagsOf('a cat  on a mat --ar 16:9 --no red, blue --tile')).toEqual([
      ['ar', '16:9'],
      ['no', 'red, blue'],
      ['tile', ''],
    ]);
    expect(p.tail).toBe('');
  });

  it('keeps trailing whitespace in the tail, not in the value', () => {
    const p = parsePrompt('a cat --ar 16:9  \t');
    expect(getFlag(p, 'ar')?.value).toBe('16:9');
    expect(p.tail).toBe('  \t');
  });

  it('a `--` inside a URL or word, or followed by a space, is not a flag', () => {
    expect(flagsOf('https://x.com/a--b a cat')).toEqual([]);
    expect(flagsOf('well--known')).toEqual([]);
    expect(flagsOf('a -- b')).toEqual([]);
    expect(flagsOf('a --7 b')).toEqual([]);
    expect(flagsOf('a cat --sref https://x.com/a--b')).toEqual([['sref', 'https://x.com/a--b']]);
  });

  it('flag names are case-insensitive; the written form is kept', () => {
    const p = parsePrompt('a cat --AR 16:9');
    expect(p.flags[0]).toMatchObject({ name: 'ar', written: 'AR', value: '16:9' });
    expect(serializePrompt(p)).toBe('a cat --AR 16:9');
  });

  it('aliases map to the canonical name', () => {
    expect(flagsOf('x --aspect 16:9 --s 250 --version 7 --c 5 --w 9 --quality 2')).toEqual([
      ['ar', '16:9'],
      ['stylize', '250'],
      ['v', '7'],
      ['chaos', '5'],
      ['weird', '9'],
      ['q', '2'],
    ]);
    expect(parsePrompt('x --aspect 16:9').flags[0]?.written).toBe('aspect');
  });

  it('unknown flags keep their (lower-cased) written name', () => {
    expect(flagsOf('x --Foo bar')).toEqual([['foo', 'bar']]);
  });
});

/** mulberry32: a small seeded PRNG, so a failure is reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = [
  'a',
  'cat',
  'très',
  '🐱',
  '猫',
  'red,',
  'https://x.com/a--b',
  'a--b',
  '--',
  '-',
  '---',
  '--ar',
  '--AR',
  '16:9',
  '--v',
  '7',
  '--tile',
  '--no',
  '--sref',
  '--aspect',
  '--s',
  '250',
  '--x.y-z',
  '--7',
  '—ar',
  ':',
  '',
];
const SPACES = [' ', ' ', ' ', '  ', '\t', '\n', ' \t ', '', '\u00a0'];

function generatePrompt(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const n = Math.floor(rand() * 12);
  let s = rand() < 0.2 ? pick(SPACES) : '';
  for (let i = 0; i < n; i++) s += pick(TOKENS) + pick(SPACES);
  return s;
}

describe('round trip, property style', () => {
  const rand = prng(20260104);
  const prompts = Array.from({ length: 500 }, () => generatePrompt(rand));

  it('serializePrompt(parsePrompt(s)) === s for 500 generated prompts', () => {
    for (const s of prompts) expect(roundTrip(s)).toBe(s);
  });

  it('the text holds no flag, and values are trimmed', () => {
    for (const s of prompts) {
      const p = parsePrompt(s);
      expect(parsePrompt(p.text).flags).toEqual([]);
      for (const f of p.flags) {
        expect(f.value).toBe(f.value.trim());
        expect(f.name).toMatch(/^[a-z][\w.-]*$/);
      }
    }
  });

  it('setFlag then parse finds the new value; removeFlag then parse finds none', () => {
    for (const s of prompts) {
      const set = parsePrompt(serializePrompt(setFlag(parsePrompt(s), 'ar', '2:3')));
      expect(getFlag(set, 'ar')?.value).toBe('2:3');
      const removed = parsePrompt(serializePrompt(removeFlag(parsePrompt(s), 'ar')));
      expect(getFlag(removed, 'ar')).toBeUndefined();
      // Removing the last flag may leave the tail's whitespace after the text.
      expect(removed.text.trimEnd()).toBe(parsePrompt(s).text.trimEnd());
    }
  });
});

describe('setFlag and removeFlag', () => {
  it.each([
    ['a cat', 'ar', '16:9', 'a cat --ar 16:9'],
    ['a cat   ', 'ar', '16:9', 'a cat --ar 16:9'],
    ['a cat --v 7', 'ar', '16:9', 'a cat --v 7 --ar 16:9'],
    ['a cat --ar 1:1 --v 7', 'ar', '16:9', 'a cat --ar 16:9 --v 7'],
    ['a cat --aspect 1:1 --v 7', 'ar', '16:9', 'a cat --aspect 16:9 --v 7'],
    ['a cat --AR 1:1', 'ar', '3:2', 'a cat --AR 3:2'],
    ['a cat --ar   1:1  --v 7', 'ar', '2:3', 'a cat --ar 2:3  --v 7'],
    ['a cat', 'tile', '', 'a cat --tile'],
    ['a cat --tile --v 7', 'tile', '', 'a cat --tile --v 7'],
    ['a cat --no red', 'no', 'red, blue', 'a cat --no red, blue'],
    ['', 'ar', '16:9', '--ar 16:9'],
    ['   ', 'v', '7', '--v 7'],
    ['--v 7', 'ar', '16:9', '--v 7 --ar 16:9'],
  ])('%j + setFlag(%s, %j) -> %j', (s, name, value, expected) => {
    expect(edit(s, (p) => setFlag(p, name, value))).toBe(expected);
  });

  it.each([
    ['a cat --ar 16:9', 'ar', 'a cat'],
    ['a cat --ar 16:9 --v 7', 'ar', 'a cat --v 7'],
    ['a cat --v 7 --ar 16:9', 'ar', 'a cat --v 7'],
    ['a cat --aspect 16:9 --tile', 'ar', 'a cat --tile'],
    ['a cat --tile --ar 1:1 --tile', 'tile', 'a cat --ar 1:1'],
    ['a cat', 'ar', 'a cat'],
    ['a cat --ar 16:9 ', 'v', 'a cat --ar 16:9 '],
  ])('%j - removeFlag(%s) -> %j', (s, name, expected) => {
    expect(edit(s, (p) => removeFlag(p, name))).toBe(expected);
  });

  it('does not mutate its input', () => {
    const p = parsePrompt('a cat --ar 1:1');
    const before = structuredClone(p);
    setFlag(p, 'ar', '16:9');
    setFlag(p, 'v', '7');
    removeFlag(p, 'ar');
    expect(p).toEqual(before);
  });
});

describe('setFlag and removeFlag with aliases and spacing', () => {
  it('replaces --ar when set through its alias', () => {
    const p = setFlag(parsePrompt('a cat --ar 1:1'), 'aspect', '16:9');
    expect(serializePrompt(p)).toBe('a cat --ar 16:9');
  });
  it('removes through an alias and leaves no leading space', () => {
    expect(serializePrompt(removeFlag(parsePrompt('--ar 1:1 --v 7'), 'aspect'))).toBe('--v 7');
  });
});
