import { describe, expect, it } from 'vitest';
import {
  FLAG_SPECS,
  aspectOf,
  isDraft,
  parsePrompt,
  parseRatio,
  speedOf,
  validateFlags,
  type FlagSpec,
} from './prompt-flags';

const problems = (s: string) => validateFlags(parsePrompt(s));
const messages = (s: string) => problems(s).map((p) => p.message);

/** A value each kind of flag accepts, and values it must refuse. */
function goodValue(spec: FlagSpec): string {
  switch (spec.kind) {
    case 'switch':
      return '';
    case 'number':
      return String(spec.max);
    case 'choice':
      return spec.values[spec.values.length - 1] ?? '';
    case 'ratio':
      return '16:9';
    case 'urls':
      return 'https://cdn.example.com/ref.png';
    case 'words':
      return 'red, blue';
  }
}
function badValues(spec: FlagSpec): string[] {
  switch (spec.kind) {
    case 'switch':
      return ['yes', '1'];
    case 'number':
      return [
        String(spec.max + 1),
        String(spec.min - 1),
        'abc',
        '',
        ...(spec.step === 1 ? ['1.5'] : []),
      ];
    case 'choice':
      return ['bogus', ''];
    case 'ratio':
      return ['16x9', '9:1', '0:1', ''];
    case 'urls':
      return ['notaurl', 'ftp://x.com/a.png', ''];
    case 'words':
      return [''];
  }
}
/** Flags that only make sense with another one. */
const companion = (spec: FlagSpec) => (spec.name === 'draft' ? ' --v 7' : '');

describe('validateFlags, for every flag in FLAG_SPECS', () => {
  it.each(FLAG_SPECS.map((s) => [s.name, s] as const))('--%s accepts a good value', (_, spec) => {
    const value = goodValue(spec);
    const prompt = `a cat --${spec.name}${value ? ` ${value}` : ''}${companion(spec)}`;
    expect(problems(prompt)).toEqual([]);
  });

  it.each(FLAG_SPECS.map((s) => [s.name, s] as const))('--%s refuses bad values', (_, spec) => {
    for (const bad of badValues(spec)) {
      const prompt = `a cat --${spec.name}${bad ? ` ${bad}` : ''}${companion(spec)}`;
      const found = problems(prompt);
      expect(found, prompt).toHaveLength(1);
      expect(found[0]?.flag).toBe(spec.name);
      expect(found[0]?.message).toMatch(new RegExp(`^--${spec.name} `));
      if (spec.kind === 'number') {
        expect(found[0]?.message).toContain(`from ${spec.min} to ${spec.max}`);
      }
    }
  });

  it.each(FLAG_SPECS.flatMap((s) => (s.aliases ?? []).map((a) => [a, s.name] as const)))(
    'the alias --%s is checked as --%s',
    (alias, name) => {
      const spec = FLAG_SPECS.find((s) => s.name === name);
      if (!spec) throw new Error('unreachable');
      expect(problems(`a --${alias} ${goodValue(spec)}`)).toEqual([]);
      expect(problems(`a --${alias} ${badValues(spec)[0] ?? ''}`)[0]?.flag).toBe(name);
    },
  );
});

describe('validateFlags messages', () => {
  it.each([
    ['a --chaos 101', '--chaos must be an integer from 0 to 100'],
    ['a --stylize -1', '--stylize must be an integer from 0 to 1000'],
    ['a --s 1001', '--s must be an integer from 0 to 1000'],
    ['a --seed 4294967296', '--seed must be an integer from 0 to 4294967295'],
    ['a --weird 3001', '--weird must be an integer from 0 to 3000'],
    ['a --iw 3.5', '--iw must be a number from 0 to 3'],
    ['a --ar 16x9', '--ar must be a ratio W:H of whole numbers, at most 8:1'],
    ['a --ar 9:1', '--ar must be a ratio W:H of whole numbers, at most 8:1'],
    ['a --ar 1:9', '--ar must be a ratio W:H of whole numbers, at most 8:1'],
    ['a --v 4', '--v must be one of 5, 5.1, 5.2, 6, 6.1, 7'],
    ['a --q 3', '--q must be one of .25, 0.25, .5, 0.5, 1, 2'],
    ['a --tile yes', '--tile takes no value (found "yes")'],
    ['a --motion medium', '--motion must be one of low, high'],
    ['a --sref notaurl', '--sref must be one or more http(s) URLs'],
    ['a --no', '--no needs at least one word'],
    ['a --foo 1', '--foo is not a known flag'],
    ['a --toString', '--toString is not a known flag'],
  ])('%j -> %j', (prompt, message) => {
    expect(messages(prompt)).toEqual([message]);
  });

  it('numbers are plain decimals: hex, exponents and Infinity are refused', () => {
    for (const v of ['0x10', '1e2', 'Infinity', '+5', '5.', '1_000', '1 2']) {
      expect(messages(`a --chaos ${v}`), v).toEqual(['--chaos must be an integer from 0 to 100']);
    }
    expect(problems('a --iw .5 --sw 0 --seed 0 --chaos 100 --seed 4294967295')).toEqual([
      { flag: 'seed', message: '--seed is given more than once' },
    ]);
  });

  it('edge values pass: --ar 8:1, --ar 1:8, --seed 4294967295, --stylize 0', () => {
    expect(problems('a --ar 8:1')).toEqual([]);
    expect(problems('a --ar 1:8')).toEqual([]);
    expect(problems('a --seed 4294967295 --stylize 0 --chaos 0 --iw 3')).toEqual([]);
  });

  it('upper-case flags are known, and the message uses the written name', () => {
    expect(problems('a --AR 16:9 --V 7')).toEqual([]);
    expect(problems('a --CHAOS 500')).toEqual([
      { flag: 'chaos', message: '--CHAOS must be an integer from 0 to 100' },
    ]);
  });

  it('--sref and --cref take several URLs or numeric codes', () => {
    expect(problems('a --sref https://x.com/a.png http://x.com/b.png --sw 200')).toEqual([]);
    expect(problems('a --sref 1234567 --cref https://x.com/c.png --cw 50')).toEqual([]);
    expect(messages('a --cref https://x.com/c.png nope')).toEqual([
      '--cref must be one or more http(s) URLs',
    ]);
  });

  it('a flag pasted hundreds of times is named once, however long the prompt', () => {
    const pasted = `a ${'--no fog '.repeat(800)}${'--zz 1 '.repeat(100)}`;
    expect(problems(pasted)).toEqual([
      { flag: 'no', message: '--no is given more than once' },
      { flag: 'zz', message: '--zz is not a known flag' },
    ]);
  });

  it('duplicates, also through an alias', () => {
    expect(problems('a --ar 1:1 --ar 2:3')).toEqual([
      { flag: 'ar', message: '--ar is given more than once' },
    ]);
    expect(problems('a --ar 1:1 --aspect 2:3')).toEqual([
      { flag: 'ar', message: '--ar is given more than once' },
    ]);
  });

  it('--fast with --turbo is refused', () => {
    expect(problems('a --fast --turbo')).toEqual([
      { flag: 'turbo', message: '--fast and --turbo cannot be used together' },
    ]);
    expect(problems('a --turbo')).toEqual([]);
    expect(problems('a --fast')).toEqual([]);
  });

  it('--draft needs --v 7', () => {
    const needs = [{ flag: 'draft', message: '--draft needs --v 7' }];
    expect(problems('a --draft')).toEqual(needs);
    expect(problems('a --draft --v 6.1')).toEqual(needs);
    expect(problems('a --draft --v 7')).toEqual([]);
    expect(problems('a --v 7 --draft')).toEqual([]);
    expect(problems('a --version 7 --draft')).toEqual([]);
  });

  it('reports every problem, not only the first', () => {
    expect(problems('a --chaos 200 --v 4 --foo --tile x').map((p) => p.flag)).toEqual([
      'chaos',
      'v',
      'foo',
      'tile',
    ]);
  });

  it('a prompt without flags has no problems', () => {
    expect(problems('')).toEqual([]);
    expect(problems('a cat -- on https://x.com/a--b')).toEqual([]);
  });
});

describe('aspectOf, parseRatio, speedOf, isDraft', () => {
  it('aspectOf defaults to 1:1, also for an invalid ratio', () => {
    expect(aspectOf(parsePrompt('a cat'))).toEqual({ w: 1, h: 1 });
    expect(aspectOf(parsePrompt('a cat --ar 16x9'))).toEqual({ w: 1, h: 1 });
    expect(aspectOf(parsePrompt('a cat --ar 9:1'))).toEqual({ w: 1, h: 1 });
    expect(aspectOf(parsePrompt('a cat --ar 16:9'))).toEqual({ w: 16, h: 9 });
    expect(aspectOf(parsePrompt('a cat --aspect 2:3 --v 7'))).toEqual({ w: 2, h: 3 });
  });

  it('parseRatio', () => {
    expect(parseRatio('4:5')).toEqual({ w: 4, h: 5 });
    expect(parseRatio(' 4:5 ')).toEqual({ w: 4, h: 5 });
    expect(parseRatio('8:1')).toEqual({ w: 8, h: 1 });
    for (const bad of ['9:1', '0:0', '1:0', '16/9', '1.5:1', '-1:1', '', '123456:1']) {
      expect(parseRatio(bad), bad).toBeNull();
    }
  });

  it('speedOf: turbo only with --turbo, otherwise fast', () => {
    expect(speedOf(parsePrompt('a cat'))).toBe('fast');
    expect(speedOf(parsePrompt('a cat --fast'))).toBe('fast');
    expect(speedOf(parsePrompt('a cat --turbo'))).toBe('turbo');
    expect(speedOf(parsePrompt('a cat --TURBO'))).toBe('turbo');
  });

  it('isDraft: --draft with --v 7 only', () => {
    expect(isDraft(parsePrompt('a cat --v 7 --draft'))).toBe(true);
    expect(isDraft(parsePrompt('a cat --draft'))).toBe(false);
    expect(isDraft(parsePrompt('a cat --v 6 --draft'))).toBe(false);
    expect(isDraft(parsePrompt('a cat --v 7'))).toBe(false);
  });
});
