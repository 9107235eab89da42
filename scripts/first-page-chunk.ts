interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicImporters?: readonly string[] } | null;
}

/** The name of the chunk that holds the first page's modules. */
export const FIRST_PAGE_CHUNK = 'first-page';

/**
 * A chunk-naming function that puts every module the entry imports statically (the
 * modules the first page runs before it paints) into one chunk, `first-page`.
 *
 * Without it the bundler makes a common chunk of each set of modules that the entry and
 * some lazy chunk share, and the first page loads a handful of small chunks: every lazy
 * split then moved code out of the first page and added as much back in compression lost
 * across files. With it, a lazy chunk holds only what the first page does not, and imports
 * the rest from the one chunk already loaded.
 *
 * `early`: a chunk the first page imports as it starts (the answers' schemas). It holds
 * that entry and every module it reaches statically that the first page does not have,
 * so that one fetch brings all of it: split into a chunk and the chunks it shares with
 * later ones, its static imports are found only once its own file has been read on the
 * page's thread, which is busy with the first render by then.
 *
 * A module that some code imports with import() is left to the bundler even when the
 * closure reaches it: the first page reaches such a module only through an index whose
 * other exports it uses (zod's locales), and tree-shaking would keep it in the first page
 * for the import() alone.
 */
export function firstPageChunk(
  entry: string,
  early?: { entry: string; name: string },
): (id: string, graph: ModuleGraph) => string | null {
  let firstPage: Set<string> | null = null;
  let earlyClosure: Set<string> | null = null;
  return (id, graph) => {
    firstPage ??= staticClosure(entry, graph);
    if (early) earlyClosure ??= staticClosure(early.entry, graph);
    const imported = graph.getModuleInfo(id)?.dynamicImporters ?? [];
    if (firstPage.has(id)) return imported.length === 0 ? FIRST_PAGE_CHUNK : null;
    // The early chunk's own entry is imported with import(), by the first page.
    const inEarly = earlyClosure?.has(id) && (id === early?.entry || imported.length === 0);
    return inEarly && early ? early.name : null;
  };
}

/** `entry` (an absolute module id) and everything it reaches by static imports. */
function staticClosure(entry: string, graph: ModuleGraph): Set<string> {
  if (!graph.getModuleInfo(entry)) throw new Error(`${entry} is not a module of this build`);
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const id = todo.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) todo.push(next);
  }
  return seen;
}

/**
 * The bundler's groups for `firstPageChunk`: one per chunk, the first page's first. A
 * group takes in the modules its modules import too, and the chunk made first keeps them:
 * so the first page keeps every module it imports, and the early chunk imports those from
 * it rather than taking them in.
 */
export function firstPageGroups(
  entry: string,
  early: { entry: string; name: string },
): { name: (id: string, graph: ModuleGraph) => string | null; debugName: string }[] {
  const chunkOf = firstPageChunk(entry, early);
  return [FIRST_PAGE_CHUNK, early.name].map((chunk) => ({
    name: (id: string, graph: ModuleGraph) => (chunkOf(id, graph) === chunk ? chunk : null),
    debugName: chunk,
  }));
}
