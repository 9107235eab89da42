/**
 * Whether the prompt box's text asks for more than one prompt: permutations (`{`), a
 * `--repeat`, or many lines. Apart from `permutations.ts` so that the first page can tell
 * without carrying the expansion.
 */
export const isBatch = (text: string): boolean =>
  /(^|[^\\])\{/.test(text) || /(^|\s)--(repeat|r)(\s|$)/.test(text) || /\S\s*\n\s*\S/.test(text);
