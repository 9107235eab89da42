import { sql } from 'kysely';
import type { Exec, SearchDialect } from '../dialect';
import { searchTerms } from '../search';

/**
 * The prompt index of SQLite: an external-content FTS5 table over `jobs.prompt`, kept in
 * step by triggers, keyed by `seq` (not the implicit rowid, which VACUUM may renumber). A
 * write that leaves the prompt as it was leaves the index alone.
 */
const FTS_TABLE = `CREATE VIRTUAL TABLE jobs_fts USING fts5(
     prompt, content = 'jobs', content_rowid = 'seq', tokenize = 'unicode61 remove_diacritics 2'
   );`;

const FTS_TRIGGERS = `CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs BEGIN
     INSERT INTO jobs_fts(rowid, prompt) VALUES (new.seq, new.prompt);
   END;
   CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs BEGIN
     INSERT INTO jobs_fts(jobs_fts, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
   END;`;

/** The index follows a prompt that changed. */
export const FTS_UPDATE = `CREATE TRIGGER jobs_fts_update AFTER UPDATE OF prompt ON jobs
   WHEN old.prompt IS NOT new.prompt BEGIN
     INSERT INTO jobs_fts(jobs_fts, rowid, prompt) VALUES ('delete', old.seq, old.prompt);
     INSERT INTO jobs_fts(rowid, prompt) VALUES (new.seq, new.prompt);
   END;`;

/**
 * The user's words as an FTS5 query: each word a quoted prefix, all required. Quoting
 * means nothing typed can be read as FTS syntax (NEAR, column filters, `*`, `"`).
 */
export function ftsQuery(text: string): string | null {
  const terms = searchTerms(text).map((w) => `"${w}"*`);
  return terms.length === 0 ? null : terms.join(' ');
}

export const sqliteSearch = (exec: Exec): SearchDialect => ({
  create: (db) => exec(db, `${FTS_TABLE}\n${FTS_TRIGGERS}\n${FTS_UPDATE}`),
  // The triggers follow the prompt.
  words: () => null,
  written: () => ({}),
  // Read from the index in the order of its rowids (the jobs' `seq`), which FTS5 gives
  // without sorting, within the cursor's range: a page stops at its last match, whether
  // the words are common or rare.
  matching(text) {
    const match = ftsQuery(text);
    if (match === null) return null;
    return {
      from: sql`jobs_fts JOIN jobs ON jobs.seq = jobs_fts.rowid`,
      where: sql`jobs_fts MATCH ${match}`,
      seq: sql`jobs_fts.rowid`,
      newestFirst: false,
    };
  },
});
