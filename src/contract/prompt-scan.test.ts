import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flagSpec, parsePrompt, serializePrompt, type ParsedPrompt } from './prompt-flags';
import { isSpace } from './prompt-scan';

/**
 * The reference model: the regex parser the scanner replaced. It states the grammar in
 * one line (a flag is `--`, a letter, then `[\w.-]*`, at the start or after whitespace)
 * and is right on every prompt, but its `\s+` makes it quadratic on long whitespace runs,
 * so it only serves here, on short prompts.
 */
function referenceParse(prompt: string): ParsedPrompt {
  const matches = [...prompt.matchAll(/(^|\s+)--([A-Za-z][\w.-]*)/g)];
  const first = matches[0];
  if (!first) return { text: prompt, flags: [], tail: '' };
  let tail = '';
  const flags = matches.map((m, i) => {
    const written = m[2] ?? '';
    const start = m.index + m[0].length;
    const body = prompt.slice(start, matches[i + 1]?.index ?? prompt.length);
    const sep = /^\s*/.exec(body)?.[0] ?? '';
    let value = body.slice(sep.length);
    if (i === matches.length - 1) {
      tail = /\s*$/.exec(value)?.[0] ?? '';
      value = value.slice(0, value.length - tail.length);
    }
    const name = flagSpec(written)?.name ?? written.toLowerCase();
    return { name, written, value, lead: m[1] ?? '', sep };
  });
  return { text: prompt.slice(0, first.index), flags, tail };
}

/** Tokens that mean something to the grammar, and a few that only look as if they do. */
const TOKENS = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\ufeff',
  '\u200b', // zero width space: not whitespace to `\s`
  '--ar',
  '--AR',
  '--aspect',
  '16:9',
  '--no',
  '--tile',
  '--x.y-z',
  '--a_b',
  '--7',
  '--_a',
  '--',
  '---',
  '-',
  'cat',
  'a--b',
  '—',
  '—ar',
  '::',
  '::2',
  'https://x/y.png',
  'https://x.com/a--b',
  'é',
  '🐱',
  '.',
  // Each end of the ranges of `[A-Za-z]` and `[\w.-]`, and the characters just outside.
  ...['A', 'Z', 'a', 'z', '0', '9', '_', '@', '[', '`', '{', '/', ':', ','],
];

const prompts = fc.array(fc.constantFrom(...TOKENS), { maxLength: 24 }).map((t) => t.join(''));
/** Any UTF-16 text, lone surrogates included, with the grammar's tokens mixed in. */
const anyText = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom(...TOKENS)), {
    maxLength: 16,
  })
  .map((t) => t.join(''));

describe('the scanner', () => {
  it('takes for whitespace exactly the code units `\\s` matches', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (isSpace(code) !== /\s/.test(String.fromCharCode(code))) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('parses as the regex reference does, on prompts made of meaningful tokens', () => {
    fc.assert(
      fc.property(prompts, (s) => {
        expect(parsePrompt(s)).toEqual(referenceParse(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('parses as the regex reference does, on any text', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(parsePrompt(s)).toEqual(referenceParse(s));
      }),
      { numRuns: 1000 },
    );
  });

  it('serializes back to the very same text', () => {
    fc.assert(
      fc.property(fc.oneof(prompts, anyText), (s) => {
        expect(serializePrompt(parsePrompt(s))).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });
});
