import { describe, expect, it } from 'vitest';
import { searchWords, tsQuery } from './postgres/search';
import { ftsQuery } from './sqlite/search';

describe('a search as each database’s index takes it', () => {
  it('quotes every word as a prefix, so nothing typed is query syntax', () => {
    expect(ftsQuery('"drop" table; --x')).toBe('"drop"* "table"* "x"*');
    expect(ftsQuery('-- **')).toBeNull();
    expect(tsQuery("Café ÉTÉ' | !x")).toBe("'cafe':* & 'ete':* & 'x':*");
    expect(tsQuery('&&')).toBeNull();
  });

  it('keeps the words of a prompt as SQLite keeps them: folded, once each', () => {
    expect(searchWords('A café, a CAFE and Ünïcode')).toEqual(['a', 'cafe', 'and', 'unicode']);
  });
});
