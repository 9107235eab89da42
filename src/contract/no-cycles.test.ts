import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The contract's modules import each other in one direction only: a circle makes what a
 * module holds at load time depend on which of its members was imported first, and says
 * that two files are one. Every import counts, `import type` too.
 */

const CONTRACT = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.dirname(CONTRACT);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'fixtures' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

const withoutComments = (code: string): string =>
  code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, across lines. */
const SPECIFIER_RES = [
  /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function specifiersOf(code: string): string[] {
  const bare = withoutComments(code);
  return SPECIFIER_RES.flatMap((re) => [...bare.matchAll(re)].map((m) => m[1] ?? ''));
}

/** The contract file a specifier names, or null for a package or a file outside it. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null || !base.startsWith(CONTRACT + path.sep)) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile()) ?? null;
}

type Graph = Map<string, string[]>;

function importGraph(files: readonly string[]): Graph {
  return new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          specifiersOf(readFileSync(file, 'utf8'))
            .map((s) => resolve(file, s))
            .filter((f): f is string => f !== null),
        ),
      ],
    ]),
  );
}

/** Every circle, once each, as the files along it (the first repeated at the end). */
function cyclesOf(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (file: string) => {
    seen.add(file);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!seen.has(next)) visit(next);
      else if (!done.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
    }
    stack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!seen.has(file)) visit(file);
  return cycles;
}

const relative = (f: string): string => path.relative(SRC, f);

describe("the contract's import graph", () => {
  it('reads every kind of import, across lines, and not commented ones', () => {
    const code = [
      "import * as z from 'zod/mini';",
      "import type { A,\n  B } from './a';",
      "export { C } from '../c';",
      "export type { D } from '@/contract/d';",
      "import './side-effect';",
      "const lazy = () => import('./lazy');",
      "// import { E } from './commented';",
      "/* export { F } from './also-commented'; */",
    ].join('\n');
    expect(specifiersOf(code).sort()).toEqual(
      ['zod/mini', './a', '../c', '@/contract/d', './side-effect', './lazy'].sort(),
    );
  });

  it('finds a circle of two and a longer one', () => {
    const graph: Graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
    ]);
    expect(cyclesOf(graph)).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'e', 'c'],
    ]);
  });

  it('has no circle', () => {
    const graph = importGraph(sourceFiles(CONTRACT));
    // The graph is the real one: the request modules are reached through the registry.
    expect(graph.get(path.join(CONTRACT, 'operations.ts'))).toContain(
      path.join(CONTRACT, 'requests', 'pan.ts'),
    );
    expect(cyclesOf(graph).map((c) => c.map(relative).join(' -> '))).toEqual([]);
  });
});
