import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of README.md's "Layout": a file imports only from its own folder and from
 * lower layers, so the folders never import each other in a circle. A root file counts
 * as its own folder. Tests and test/ may import anything (they start the whole studio).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['oidc-settings.ts', 'people-settings.ts', 'queue-settings.ts'],
  ['log.ts', 'studio-error.ts', 'config.ts', 'metrics.ts', 'listen.ts'],
  ['model'],
  ['auth', 'browser-events', 'uploads', 'upstream', 'webhooks'],
  ['store'],
  ['media'],
  ['account', 'jobs', 'sync'],
  ['routes'],
  ['app.ts', 'hooks.ts'],
  ['server.ts'],
  ['main.ts'],
];

const ROOT = import.meta.dirname;
const layerOf = new Map(LAYERS.flatMap((units, i) => units.map((u) => [u, i] as const)));
const unitOf = (rel: string) => rel.split(path.sep)[0] ?? rel;
const isTest = (rel: string) => rel.endsWith('.test.ts') || unitOf(rel) === 'test';

const sources = (readdirSync(ROOT, { recursive: true }) as string[])
  .filter((rel) => rel.endsWith('.ts') && !isTest(rel))
  .sort();

/** Every relative import of a file, as a path relative to src/proxy. */
function importsOf(rel: string): string[] {
  const text = readFileSync(path.join(ROOT, rel), 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'((?:\.{1,2}|@)\/[^']+)'/g)];
  return specs.map((m) => {
    const spec = m[1] ?? '';
    // `@/x` is `src/x` (tsconfig paths).
    const target = spec.startsWith('@/')
      ? path.join(path.dirname(ROOT), spec.slice(2))
      : path.resolve(ROOT, path.dirname(rel), spec);
    return path.relative(ROOT, target);
  });
}

/** The unit an import lands in (a root file's import names it without `.ts`). */
const targetUnit = (target: string) =>
  target.includes(path.sep) ? unitOf(target) : `${target}.ts`;

describe('proxy layers', () => {
  it('places every folder and root file in a layer', () => {
    const unplaced = [...new Set(sources.map(unitOf))].filter((u) => !layerOf.has(u));
    expect(unplaced).toEqual([]);
  });

  it('imports only from the same folder or a lower layer', () => {
    const wrong: string[] = [];
    for (const rel of sources) {
      const from = unitOf(rel);
      for (const target of importsOf(rel)) {
        if (target.startsWith('..')) continue; // the contract and src/server, checked by lint
        const to = targetUnit(target);
        if (to === from) continue;
        if ((layerOf.get(to) ?? Infinity) >= (layerOf.get(from) ?? -1)) {
          wrong.push(`${rel} -> ${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
