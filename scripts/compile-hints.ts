import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint for a whole file (Chromium 136 and later; other engines read
 * a comment): compile every function in it as the script is loaded, on a background thread
 * while it streams in, rather than each on the page's thread at its first call. It must be
 * the file's first line.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface OutputChunk {
  type: 'chunk';
  name: string;
  code: string;
  map?: { mappings: string } | null;
}

/** What the bundler hands `generateBundle`: chunks, and assets that are left alone. */
type Bundle = Record<string, OutputChunk | { type: 'asset' }>;

/** Puts the hint atop the chunks named `chunks`; a build without one of them fails. */
export function hintChunks(bundle: Bundle, chunks: readonly string[]): void {
  const missing = new Set(chunks);
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk' || !chunks.includes(file.name)) continue;
    missing.delete(file.name);
    if (file.code.startsWith(COMPILE_HINT)) continue;
    file.code = `${COMPILE_HINT}\n${file.code}`;
    // One line more at the top: a source map's lines move down by one.
    if (file.map) file.map.mappings = `;${file.map.mappings}`;
  }
  if (missing.size > 0) throw new Error(`no chunk named ${[...missing].join(', ')} to hint`);
}

/**
 * The Vite plugin: the chunks the first screen runs nearly all of (the first page, the
 * answers' schemas it parses the feed with) are compiled whole as they load. At 4× CPU
 * throttling, a good part of the first chunk's evaluation and the first render had been V8
 * compiling each function on the page's thread at its first call; with the hint the first
 * card came about 100 ms sooner (bench/first-paint.ts; README, Performance). Runs after
 * every other plugin has written the chunks' code, so the hint stays the first line.
 */
export function compileHints(chunks: readonly string[]): Plugin {
  return {
    name: 'studio-compile-hints',
    apply: 'build',
    enforce: 'post',
    // Added after the file names are made from the chunks' code: in the hash, so that a
    // name never stands for a file with and without it.
    augmentChunkHash(chunk) {
      return chunks.includes(chunk.name) ? COMPILE_HINT : undefined;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        hintChunks(bundle, chunks);
      },
    },
  };
}
