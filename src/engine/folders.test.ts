import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The engine's folders import one way (README: "imports point down the table"): no folder
 * imports its parent or the root files, no two folders import each other, directly or round
 * a loop, and no module does. Tests and test helpers may reach up to the whole engine, so
 * they are left out.
 */

const ROOT = path.dirname(new URL(import.meta.url).pathname);
const isTestCode = (file: string): boolean =>
  /\.test\.ts$|test-support\.ts$|test-server\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !isTestCode(e.name) ? [full] : [];
  });
}

type Graph = Map<string, Map<string, string>>;

/** Every engine file a file imports, relative to the engine folder, without `.ts`. */
function importedFiles(file: string): string[] {
  const { importedFiles: specs } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return specs
    .map((f) => f.fileName)
    .flatMap((spec) => {
      // `@/x` is `src/x` (tsconfig paths); other bare names are packages. Like packages,
      // src/contract and src/server are below every folder and dropped here (lint checks them).
      if (spec.startsWith('@/')) return [path.join(path.dirname(ROOT), spec.slice(2))];
      return spec.startsWith('.') ? [path.resolve(path.dirname(file), spec)] : [];
    })
    .filter((target) => target.startsWith(ROOT + path.sep))
    .map((target) => path.relative(ROOT, target));
}

/** Edges between the keys `key` gives files, each with one importing file that makes it. */
function graph(key: (file: string) => string): Graph {
  const edges: Graph = new Map();
  for (const file of sourceFiles(ROOT)) {
    const name = path.relative(ROOT, file).replace(/\.ts$/, '');
    const from = key(name);
    for (const to of importedFiles(file).map(key)) {
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      out.set(to, name);
      edges.set(from, out);
    }
  }
  return edges;
}

const isAncestor = (a: string, b: string): boolean => a === '' || b.startsWith(`${a}/`);

/** One loop (as `a -> b -> a`), or null when there is none. */
function findLoop(edges: Graph): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node].join(' -> ');
    state.set(node, 'open');
    trail.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const loop = visit(node);
    if (loop) return loop;
  }
  return null;
}

describe('engine folders', () => {
  const edges = graph((name) => path.dirname(name).replace(/^\.$/, ''));

  it('never import their parent folders or the root files', () => {
    const upward = [...edges].flatMap(([from, out]) =>
      [...out]
        .filter(([to]) => isAncestor(to, from))
        .map(([to, file]) => `${file} imports from ${to || 'the root'}`),
    );
    expect(upward).toEqual([]);
  });

  it('never import each other, directly or round a loop', () => {
    expect(findLoop(edges)).toBeNull();
  });

  it('hold no module that imports itself round a loop', () => {
    expect(findLoop(graph((name) => name))).toBeNull();
  });
});
