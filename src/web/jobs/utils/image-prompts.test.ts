import { describe, expect, it } from 'vitest';
import {
  imagePromptsOf,
  leadingImageUrls,
  withImagePrompt,
  withImageRole,
  withLeadingUrl,
  withoutImagePrompt,
  withoutLeadingUrl,
} from './image-prompts';

const A = 'https://x.test/u/a.png';
const B = 'http://x.test/u/b.jpg';
const C = 'https://x.test/u/c.webp';

describe('leading image URLs', () => {
  it('reads the URLs before the first other word', () => {
    expect(leadingImageUrls(`${A} ${B}  a cat ${C}`)).toEqual([A, B]);
    expect(leadingImageUrls(`  ${A}`)).toEqual([A]);
    expect(leadingImageUrls(`a cat ${A}`)).toEqual([]);
    expect(leadingImageUrls('ftp://x.test/a.png cat')).toEqual([]);
    expect(leadingImageUrls('')).toEqual([]);
  });

  it('adds after the existing leading URLs, keeping the rest as written', () => {
    expect(withLeadingUrl('a  cat, moody', A)).toBe(`${A} a  cat, moody`);
    expect(withLeadingUrl(`${A}   a cat`, B)).toBe(`${A}   ${B} a cat`);
    expect(withLeadingUrl(A, B)).toBe(`${A} ${B} `);
    expect(withLeadingUrl('', A)).toBe(`${A} `);
  });

  it('removes one URL with its space and nothing else', () => {
    expect(withoutLeadingUrl(`${A} ${B} a  cat`, 0)).toBe(`${B} a  cat`);
    expect(withoutLeadingUrl(`${A} ${B} a  cat`, 1)).toBe(`${A} a  cat`);
    expect(withoutLeadingUrl(`${A} ${B}`, 1)).toBe(A);
    expect(withoutLeadingUrl(`${A} cat`, 3)).toBe(`${A} cat`);
  });
});

describe('image prompts in a prompt', () => {
  it('derives chips from leading URLs, then --sref and --cref (style codes skipped)', () => {
    expect(imagePromptsOf(`${A} a cat --ar 3:2 --sref 123 ${B} --cref ${C}`)).toEqual([
      { url: A, role: 'image', at: 0 },
      { url: B, role: 'sref', at: 1 },
      { url: C, role: 'cref', at: 0 },
    ]);
    expect(imagePromptsOf('a cat --ar 3:2')).toEqual([]);
  });

  it('adds a leading URL without touching the flags', () => {
    expect(withImagePrompt('a cat --ar 3:2  --v 7', A, 'image')).toBe(`${A} a cat --ar 3:2  --v 7`);
    expect(withImagePrompt('--ar 3:2', A, 'image')).toBe(`${A} --ar 3:2`);
    expect(withImagePrompt('', A, 'image')).toBe(`${A} `);
  });

  it('adds and removes --sref/--cref URLs, the rest byte-identical', () => {
    const base = 'a  cat,\tmoody --ar 3:2 --stylize 250';
    const one = withImagePrompt(base, A, 'sref');
    expect(one).toBe(`${base} --sref ${A}`);
    const two = withImagePrompt(one, B, 'sref');
    expect(two).toBe(`${base} --sref ${A} ${B}`);
    const withCref = withImagePrompt(two, C, 'cref');
    expect(withCref).toBe(`${base} --sref ${A} ${B} --cref ${C}`);
    expect(withoutImagePrompt(withCref, { url: A, role: 'sref', at: 0 })).toBe(
      `${base} --sref ${B} --cref ${C}`,
    );
    const noSref = withoutImagePrompt(one, { url: A, role: 'sref', at: 0 });
    expect(noSref).toBe(base);
    expect(withoutImagePrompt(withCref, { url: C, role: 'cref', at: 0 })).toBe(two);
  });

  it('keeps a flag in the middle of the prompt in place', () => {
    const p = `a cat --sref ${A} ${B} --ar 3:2`;
    expect(withoutImagePrompt(p, { url: B, role: 'sref', at: 1 })).toBe(
      `a cat --sref ${A} --ar 3:2`,
    );
    expect(withImagePrompt(p, C, 'sref')).toBe(`a cat --sref ${A} ${B} ${C} --ar 3:2`);
  });

  it('removes a leading URL, and the first flag loses its space when no text is left', () => {
    expect(withoutImagePrompt(`${A} a cat --ar 3:2`, { url: A, role: 'image', at: 0 })).toBe(
      'a cat --ar 3:2',
    );
    expect(withoutImagePrompt(`${A} --ar 3:2`, { url: A, role: 'image', at: 0 })).toBe('--ar 3:2');
  });

  it('moves an image between roles', () => {
    const p = `${A} a cat --ar 3:2`;
    const asSref = withImageRole(p, { url: A, role: 'image', at: 0 }, 'sref');
    expect(asSref).toBe(`a cat --ar 3:2 --sref ${A}`);
    expect(imagePromptsOf(asSref)).toEqual([{ url: A, role: 'sref', at: 0 }]);
    expect(withImageRole(asSref, { url: A, role: 'sref', at: 0 }, 'image')).toBe(p);
    expect(withImageRole(p, { url: A, role: 'image', at: 0 }, 'image')).toBe(p);
  });
});
