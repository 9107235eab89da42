import { describe, expect, it } from 'vitest';
import { TASK_TYPES } from '@/contract/task';
import type { LibraryParams } from './library-params';
import {
  checkParams,
  clearFilters,
  describeFilter,
  hasFilters,
  paramsFromSearch,
  searchFromParams,
} from './library-params';

const params = (p: Partial<LibraryParams>): LibraryParams => ({
  ...paramsFromSearch(''),
  ...p,
});

const messages = (p: Partial<LibraryParams>): string[] => {
  const checked = checkParams(params(p));
  return checked.ok ? [] : checked.issues.map((i) => `${i.field}|${i.message}`);
};

describe('URL <-> library state', () => {
  it('reads every field, lists split at commas', () => {
    expect(
      paramsFromSearch(
        'q=lig%20sto&operation=upscale,variation&status=completed&favourite=true&maker=me&collection=Col_lection1&from=2026-01-01&to=2026-01-31&limit=2&window=40',
      ),
    ).toEqual({
      q: 'lig sto',
      operation: ['upscale', 'variation'],
      status: ['completed'],
      favourite: 'true',
      maker: 'me',
      collection: 'Col_lection1',
      from: '2026-01-01',
      to: '2026-01-31',
      limit: '2',
      window: '40',
    });
  });

  it('filters by maker: me or a person, and names the field of anything else', () => {
    const checked = checkParams(paramsFromSearch('maker=me'));
    expect(checked.ok && checked.filter).toEqual({ maker: 'me' });
    expect(checked.ok && describeFilter(checked.filter)).toBe('Mine');
    const person = checkParams(paramsFromSearch('maker=AbCdEfGh_-12'));
    expect(person.ok && person.filter.maker).toBe('AbCdEfGh_-12');
    expect(checkParams(paramsFromSearch('maker=ana'))).toEqual({
      ok: false,
      issues: [
        {
          field: 'maker',
          message: 'Made by (maker): must be me or the id of a person of this studio.',
        },
      ],
    });
  });

  it('filters by collection: its id, in the URL as the others, and names the field of anything else', () => {
    const checked = checkParams(paramsFromSearch('collection=Col_lection1&maker=me'));
    expect(checked.ok && checked.filter).toEqual({ maker: 'me', collection: 'Col_lection1' });
    expect(checked.ok && describeFilter(checked.filter)).toBe('Mine · In one collection');
    expect(searchFromParams(paramsFromSearch('collection=Col_lection1&q=fox'))).toBe(
      'q=fox&collection=Col_lection1',
    );
    expect(checkParams(paramsFromSearch('collection=no!'))).toEqual({
      ok: false,
      issues: [{ field: 'collection', message: 'Collection: must be the id of a collection.' }],
    });
  });

  it('is empty for no query, and writes nothing for it', () => {
    expect(searchFromParams(paramsFromSearch(''))).toBe('');
    expect(hasFilters(paramsFromSearch(''))).toBe(false);
  });

  it('writes a fixed order, commas readable, the rest encoded, and round-trips', () => {
    const p = params({
      q: 'a&b=c “d”',
      operation: ['upscale', 'variation'],
      favourite: 'true',
      from: '2026-01-01',
    });
    const s = searchFromParams(p);
    expect(s).toBe(
      'q=a%26b%3Dc%20%E2%80%9Cd%E2%80%9D&operation=upscale,variation&favourite=true&from=2026-01-01',
    );
    expect(paramsFromSearch(s)).toEqual(p);
  });

  it('keeps a trailing space while one types, so two words can be typed', () => {
    expect(paramsFromSearch(searchFromParams(params({ q: 'lig ' }))).q).toBe('lig ');
  });

  it('Clear all drops every filter but keeps the page size', () => {
    const p = params({ q: 'x', status: ['failed'], favourite: 'true', limit: '5' });
    expect(hasFilters(p)).toBe(true);
    expect(clearFilters(p)).toEqual(params({ limit: '5' }));
    expect(hasFilters(params({ limit: '5' }))).toBe(false);
  });
});

describe('checkParams', () => {
  it('makes a filter of what is set, the search trimmed, 50 a page by default', () => {
    expect(checkParams(params({}))).toEqual({ ok: true, filter: {}, limit: 50 });
    expect(
      checkParams(
        params({
          q: '  lig ',
          operation: ['upscale'],
          status: ['pending', 'retry'],
          favourite: 'true',
          from: '2026-01-01',
          to: '2026-01-01',
          limit: '2',
        }),
      ),
    ).toEqual({
      ok: true,
      filter: {
        q: 'lig',
        operations: ['upscale'],
        statuses: ['pending', 'retry'],
        favourite: true,
        from: '2026-01-01',
        to: '2026-01-01',
      },
      limit: 2,
    });
    expect(checkParams(params({ q: '   ' }))).toEqual({ ok: true, filter: {}, limit: 50 });
  });

  it('refuses a range that ends before it starts, naming the field and the bound', () => {
    expect(messages({ from: '2026-02-01', to: '2026-01-15' })).toEqual([
      'to|To: must be on or after the From date (2026-02-01).',
    ]);
  });

  it('names a day that is not one', () => {
    expect(messages({ from: '2026-02-30', to: 'soon' })).toEqual([
      'from|From: “2026-02-30” is not a date; use a day like 2026-01-31.',
      'to|To: “soon” is not a date; use a day like 2026-01-31.',
    ]);
  });

  it('lists what is allowed for unknown task types and statuses', () => {
    const [op, status] = messages({ operation: ['upscale', 'zoom'], status: ['done'] });
    expect(op).toBe(
      `operation|Operation: “zoom” is not allowed; must be one of ${TASK_TYPES.join(', ')}.`,
    );
    expect(status).toBe(
      'status|Status: “done” is not allowed; must be one of pending, staged, processing, retry, completed, failed.',
    );
    expect(messages({ status: ['done', 'completed', 'gone'] })).toEqual([
      'status|Status: “done”, “gone” are not allowed; must be one of pending, staged, processing, retry, completed, failed.',
    ]);
  });

  it('limits the search to 200 characters and the page size to 1-200', () => {
    expect(messages({ q: 'x'.repeat(201) })).toEqual(['q|Search: must be at most 200 characters.']);
    expect(messages({ q: ` ${'x'.repeat(200)} ` })).toEqual([]);
    expect(messages({ q: 'x'.repeat(200) })).toEqual([]);
    for (const limit of ['0', '201', '2.5', 'ten', '-1']) {
      expect(messages({ limit })).toEqual([
        'limit|Page size (limit): must be a whole number from 1 to 200.',
      ]);
    }
    expect(messages({ limit: '200' })).toEqual([]);
  });

  it('takes a gallery window of 1 to 100000 jobs, kept by Clear all', () => {
    for (const window of ['0', '100001', '2.5', 'ten', '-1']) {
      expect(messages({ window })).toEqual([
        'window|Gallery window (window): must be a whole number of jobs from 1 to 100000.',
      ]);
    }
    expect(checkParams(params({ window: '40' }))).toMatchObject({ ok: true, windowJobs: 40 });
    expect(checkParams(params({}))).toMatchObject({ ok: true, windowJobs: undefined });
    expect(clearFilters(params({ q: 'x', window: '40' }))).toEqual(params({ window: '40' }));
    expect(hasFilters(params({ window: '40' }))).toBe(false);
  });

  it('takes favourite=true only', () => {
    expect(messages({ favourite: 'false' })).toEqual([
      'favourite|Favourites: only favourite=true is allowed (favourites only); leave it out for every job.',
    ]);
  });
});

describe('describeFilter', () => {
  it('says what was searched, groups by their name', () => {
    expect(describeFilter({})).toBe('');
    expect(
      describeFilter({
        q: 'lig',
        operations: ['video_diffusion', 'extend_video', 'video_upscale'],
        statuses: ['completed'],
        favourite: true,
        from: '2026-01-01',
        to: '2026-01-31',
      }),
    ).toBe('“lig” · Videos · Completed · Favourites only · 2026-01-01 to 2026-01-31');
    expect(describeFilter({ operations: ['remove_background'], from: '2026-01-01' })).toBe(
      'Remove background · since 2026-01-01',
    );
    expect(describeFilter({ statuses: ['pending', 'failed'], to: '2026-01-31' })).toBe(
      'Pending, Failed · until 2026-01-31',
    );
    expect(describeFilter({ from: '2026-01-05', to: '2026-01-05' })).toBe('on 2026-01-05');
  });
});
