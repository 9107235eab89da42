import { sql } from 'kysely';
import type { Exec, SearchDialect } from '../dialect';
import { folded, searchTerms, wordsOf } from '../search';

/** A prompt's words for the index: a word vector built from them as they are. */
export const searchWords = (prompt: string): string[] => [...new Set(wordsOf(prompt).map(folded))];

/**
 * The search as a tsquery: each word a prefix (`:*`), all required. Words hold only
 * letters and digits, so quoting them is all a tsquery needs.
 */
export function tsQuery(text: string): string | null {
  const terms = searchTerms(text).map((w) => `'${folded(w)}':*`);
  return terms.length === 0 ? null : terms.join(' & ');
}

/**
 * The prompt index of Postgres: `jobs.prompt_words`, the words SQLite's FTS5 index would
 * keep (Postgres has no tokenizer that folds accents built in), written with every prompt,
 * and a GIN index over them for prefix queries.
 */
export const postgresSearch = (exec: Exec): SearchDialect => ({
  create: (db) =>
    exec(
      db,
      `ALTER TABLE jobs ADD COLUMN prompt_words tsvector NOT NULL;
      CREATE INDEX jobs_search ON jobs USING gin (prompt_words);`,
    ),
  words: searchWords,
  written: (words) => ({ prompt_words: sql`array_to_tsvector(CAST(${words} AS text[]))` }),
  matching(text) {
    const query = tsQuery(text);
    if (query === null) return null;
    return {
      from: sql`jobs`,
      where: sql`jobs.prompt_words @@ CAST(${query} AS tsquery)`,
      seq: sql`jobs.seq`,
      newestFirst: true,
    };
  },
});
