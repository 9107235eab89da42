/**
 * Prompt search, the part both databases share: a prompt's words and a search's words,
 * cut and folded alike. Each database matches them with its own index: FTS5 on SQLite
 * (`sqlite/search.ts`), a word vector with a GIN index on Postgres (`postgres/search.ts`).
 * Every word of a search must start a word of the prompt, in any order, whatever the case
 * or the accents; nothing typed is read as query syntax.
 */

import type { StoreDialect } from './dialect';

/** More words than this in a search are not looked for. */
const MAX_TERMS = 12;

/** The words of a prompt or a search, as FTS5's unicode61 tokenizer cuts them. */
export const wordsOf = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A word as SQLite's index keeps it (`unicode61 remove_diacritics 2`): lower case, without
 * accents, so that Postgres, which has no such tokenizer built in, keeps the same words.
 */
export const folded = (word: string): string =>
  word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();

/** The words of a search, at most MAX_TERMS; empty when it has none. */
export const searchTerms = (text: string): string[] => wordsOf(text).slice(0, MAX_TERMS);

/** The columns a prompt's index keeps in its row, written with the prompt. */
export const indexed = (d: StoreDialect, prompt: string) =>
  d.search.written(d.search.words(prompt));
