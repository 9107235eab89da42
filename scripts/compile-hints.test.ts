import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, hintChunks } from './compile-hints';

const chunk = (name: string, code: string, mappings?: string) => ({
  type: 'chunk' as const,
  name,
  code,
  map: mappings === undefined ? null : { mappings },
});

describe('hintChunks', () => {
  it('puts the hint on the first line of the named chunks only', () => {
    const bundle = {
      'assets/first-page-a.js': chunk('first-page', 'import"./r.js";run();'),
      'assets/answer-schemas-b.js': chunk('answer-schemas', 'export const s=1;'),
      'assets/library-c.js': chunk('library', 'export const l=1;'),
      'assets/first-page-d.css': { type: 'asset' as const },
    };
    hintChunks(bundle, ['first-page', 'answer-schemas']);
    expect(bundle['assets/first-page-a.js'].code).toBe(`${COMPILE_HINT}\nimport"./r.js";run();`);
    expect(bundle['assets/answer-schemas-b.js'].code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(bundle['assets/library-c.js'].code).toBe('export const l=1;');
  });

  it('moves a source map down by the line it adds, and hints a chunk once', () => {
    const bundle = { 'a.js': chunk('first-page', 'f();', 'AAAA') };
    hintChunks(bundle, ['first-page']);
    hintChunks(bundle, ['first-page']);
    expect(bundle['a.js'].code).toBe(`${COMPILE_HINT}\nf();`);
    expect(bundle['a.js'].map?.mappings).toBe(';AAAA');
  });

  it('fails the build when a named chunk is not in it', () => {
    const bundle = { 'a.js': chunk('first-page', 'f();') };
    expect(() => hintChunks(bundle, ['first-page', 'answer-schemas'])).toThrow(
      'no chunk named answer-schemas to hint',
    );
  });
});
