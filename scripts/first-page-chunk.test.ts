import { describe, expect, it } from 'vitest';
import { firstPageChunk } from './first-page-chunk';

/** A module graph as the bundler shows it: static imports only, dynamic ones left out. */
const graph = (edges: Record<string, string[]>, dynamic: Record<string, string[]> = {}) => ({
  getModuleInfo: (id: string) =>
    id in edges ? { importedIds: edges[id] ?? [], dynamicImporters: dynamic[id] ?? [] } : null,
});

describe('firstPageChunk', () => {
  const modules = graph({
    '/main.tsx': ['/app.tsx', '/react.js'],
    '/app.tsx': ['/button.tsx'],
    '/button.tsx': ['/react.js'],
    '/react.js': [],
    // Reached only through import(): the dialog's own chunk.
    '/dialog.tsx': ['/button.tsx', '/form.tsx'],
    '/form.tsx': [],
  });

  it('names the first page chunk for what the entry imports statically, however deep', () => {
    const name = firstPageChunk('/main.tsx');
    for (const id of ['/main.tsx', '/app.tsx', '/button.tsx', '/react.js']) {
      expect(name(id, modules)).toBe('first-page');
    }
  });

  it('leaves what only a dynamic import reaches to the bundler', () => {
    const name = firstPageChunk('/main.tsx');
    expect(name('/dialog.tsx', modules)).toBeNull();
    expect(name('/form.tsx', modules)).toBeNull();
  });

  it('leaves a module that code imports with import() to the bundler, though an index reaches it', () => {
    const withLocales = graph(
      {
        '/main.tsx': ['/zod.js', '/config.ts'],
        '/config.ts': ['/zod.js'],
        '/zod.js': ['/locales.js'],
        '/locales.js': ['/en.js', '/fr.js'],
        '/en.js': [],
        '/fr.js': [],
      },
      { '/en.js': ['/config.ts'] },
    );
    const name = firstPageChunk('/main.tsx');
    expect(name('/en.js', withLocales)).toBeNull();
    for (const id of ['/main.tsx', '/config.ts', '/zod.js', '/locales.js', '/fr.js']) {
      expect(name(id, withLocales)).toBe('first-page');
    }
  });

  it('puts an early chunk and all it reaches that the first page lacks into one chunk', () => {
    const withSchemas = graph(
      {
        '/main.tsx': ['/app.tsx', '/shared.ts'],
        '/app.tsx': [],
        '/shared.ts': [],
        '/schemas.ts': ['/zod.js', '/contract.ts', '/shared.ts'],
        '/contract.ts': ['/zod.js'],
        '/zod.js': [],
        // A later chunk that also uses zod takes it from the early chunk.
        '/tools.tsx': ['/zod.js'],
      },
      { '/schemas.ts': ['/http.ts'], '/tools.tsx': ['/app.tsx'] },
    );
    const name = firstPageChunk('/main.tsx', { entry: '/schemas.ts', name: 'answer-schemas' });
    for (const id of ['/schemas.ts', '/contract.ts', '/zod.js']) {
      expect(name(id, withSchemas)).toBe('answer-schemas');
    }
    expect(name('/shared.ts', withSchemas)).toBe('first-page');
    expect(name('/tools.tsx', withSchemas)).toBeNull();
  });

  it('stops the build when the entry is not a module of it', () => {
    expect(() => firstPageChunk('/missing.tsx')('/app.tsx', modules)).toThrow(/missing\.tsx/);
  });
});
