import { describe, expect, it } from 'vitest';
import { BATCH_LIMIT, expandPrompts, isBatch } from './permutations';

const prompts = (text: string, limit?: number) => {
  const r = expandPrompts(text, limit);
  if (!r.ok) throw new Error(r.error);
  return r.prompts;
};
const refusal = (text: string, limit?: number) => {
  const r = expandPrompts(text, limit);
  if (r.ok) throw new Error(`expanded to ${r.prompts.length}`);
  return r.error;
};

describe('permutation prompts', () => {
  it('makes one prompt of each choice, the leftmost varying slowest, flags included', () => {
    expect(prompts('a {red, blue} car --ar {1:1, 16:9}')).toEqual([
      'a red car --ar 1:1',
      'a red car --ar 16:9',
      'a blue car --ar 1:1',
      'a blue car --ar 16:9',
    ]);
  });

  it('nests choices, lets one be empty, and tidies the spaces left', () => {
    expect(prompts('{a {big, small} dog, a cat} in {, bright} snow')).toEqual([
      'a big dog in snow',
      'a big dog in bright snow',
      'a small dog in snow',
      'a small dog in bright snow',
      'a cat in snow',
      'a cat in bright snow',
    ]);
  });

  it('keeps escaped braces, commas and backslashes as characters', () => {
    expect(prompts('a sign saying \\{hi\\, there\\} \\\\ {x, y}')).toEqual([
      'a sign saying {hi, there} \\ x',
      'a sign saying {hi, there} \\ y',
    ]);
    expect(prompts('a plain prompt, with a comma')).toEqual(['a plain prompt, with a comma']);
  });

  it('refuses braces that do not pair, naming where', () => {
    expect(refusal('a {red, blue car')).toBe(
      'prompt: the { at character 3 has no closing }; write \\{ for the character itself.',
    );
    expect(refusal('a red} car')).toBe(
      'prompt: the } at character 6 closes no {; write \\} for the character itself.',
    );
  });
});

describe('--repeat', () => {
  it('sends a prompt N times, and repeats only the choice it is in', () => {
    expect(prompts('a kite --repeat 3')).toEqual(['a kite', 'a kite', 'a kite']);
    expect(prompts('a {kite --r 2, boat}')).toEqual(['a kite', 'a kite', 'a boat']);
  });

  it('names the allowed values when N is missing, not a whole number or out of range', () => {
    const allowed = `give a whole number from 1 to ${BATCH_LIMIT}.`;
    expect(refusal('a kite --repeat')).toBe(`--repeat: needs a number; ${allowed}`);
    expect(refusal('a kite --repeat 0')).toBe(`--repeat: "0" is not allowed; ${allowed}`);
    expect(refusal('a kite --r 2.5')).toBe(`--repeat: "2.5" is not allowed; ${allowed}`);
    expect(refusal('a kite --repeat 41')).toBe(`--repeat: "41" is not allowed; ${allowed}`);
    expect(refusal('a kite --repeat 2 --r 3')).toBe('--repeat: give it once per prompt.');
  });

  it('leaves flags that only begin like it alone', () => {
    expect(prompts('a kite --raw --repeat 2')).toEqual(['a kite --raw', 'a kite --raw']);
  });
});

describe('a batch', () => {
  it('takes a pasted list, one prompt per line, blank lines skipped', () => {
    expect(prompts('a kite\n\n  a {boat, car}\r\nthe sea --r 2\n')).toEqual([
      'a kite',
      'a boat',
      'a car',
      'the sea',
      'the sea',
    ]);
  });

  it(`sends at most ${BATCH_LIMIT} prompts, counted before any is made`, () => {
    expect(prompts('{a,b,c,d,e} {1,2,3,4} {x,y}')).toHaveLength(40);
    const over = `prompt: this makes more than ${BATCH_LIMIT} prompts; a batch sends at most ${BATCH_LIMIT}.`;
    expect(refusal('{a,b,c,d,e,f,g} {1,2,3,4,5,6}')).toBe(over);
    // Twenty two-way choices are a million prompts: refused without making them.
    expect(refusal('{a,b} '.repeat(20))).toBe(over);
    expect(refusal('a kite --repeat 40\na boat')).toBe(over);
    expect(refusal('{a, b} --repeat 30')).toBe(over);
    expect(prompts('x {a,b}', 2)).toEqual(['x a', 'x b']);
  });

  it('refuses a text with no prompt in it', () => {
    expect(refusal('  \n ')).toBe('prompt: write a prompt to send.');
    expect(refusal('{, }')).toBe('prompt: write a prompt to send.');
  });

  it('tells a batch from a single prompt', () => {
    expect(isBatch('a {red, blue} car')).toBe(true);
    expect(isBatch('a kite --repeat 2')).toBe(true);
    expect(isBatch('a kite\na boat')).toBe(true);
    expect(isBatch('a kite, a boat --ar 16:9')).toBe(false);
    expect(isBatch('a sign saying \\{hi\\}')).toBe(false);
  });
});
