import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobList } from '@/contract/studio-api';
import { jsonResponse, makeJob, makeList } from '@/web/lib/testing/fixtures';
import {
  firstWindowParam,
  nextWindowParam,
  pagesWindow,
  placesAbove,
  previousWindowParam,
  windowQuery,
  type WindowData,
  type WindowParam,
} from './gallery-window';
import { jobQueries, searchSpecOf } from '@/web/jobs/api/job-queries';

afterEach(() => vi.unstubAllGlobals());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** A page of `n` completed jobs (four tiles each) and one running job (none). */
const page = (tag: string, n: number, cursors: Partial<JobList> = {}): JobList => ({
  ...makeList([
    ...Array.from({ length: n }, (_, i) => makeJob({ id: `${tag}${i}`.padEnd(12, 'x') })),
    makeJob({ id: `${tag}run`.padEnd(12, 'x'), status: 'processing', output: null }),
  ]),
  ...cursors,
});

describe('the gallery window', () => {
  it('counts the tiles above each page as pages follow, none above the newest', () => {
    const top = page('a', 2, { nextCursor: '90', prevCursor: null });
    const p1 = nextWindowParam(top, firstWindowParam(), 'tiles');
    expect(p1).toEqual({ cursor: '90', above: 8 });
    const second = page('b', 3, { nextCursor: '80', prevCursor: '95' });
    const p2 = nextWindowParam(second, p1 as WindowParam, 'tiles');
    expect(p2).toEqual({ cursor: '80', above: 20 });
    expect(
      nextWindowParam(page('c', 1, { nextCursor: null }), p2 as WindowParam, 'tiles'),
    ).toBeUndefined();
    expect(placesAbove(top, firstWindowParam(), 'tiles')).toBe(0);
  });

  it('goes back up from a page by its prevCursor, and knows the tiles above once it is there', () => {
    const second = page('b', 3, { nextCursor: '80', prevCursor: '95' });
    const back = previousWindowParam(second, { cursor: '90', above: 8 }, 'tiles');
    expect(back).toEqual({ after: '95', end: 8 });
    // The page above came back with two jobs: nothing above it but that newest page.
    const above = page('a', 2, { nextCursor: '90', prevCursor: null });
    expect(placesAbove(above, back as WindowParam, 'tiles')).toBe(0);
    // Not the newest yet: what it does not hold of the eight.
    const middle = page('m', 1, { nextCursor: '93', prevCursor: '97' });
    expect(placesAbove(middle, { after: '95', end: 8 }, 'tiles')).toBe(4);
    expect(previousWindowParam(above, back as WindowParam, 'tiles')).toBeUndefined();
  });

  it('tells the grid the tiles let go above, those of the end pages, and whether it is full', () => {
    const data: WindowData = {
      pages: [
        page('b', 3, { nextCursor: '80', prevCursor: '95' }),
        page('c', 1, { nextCursor: '70', prevCursor: '85' }),
      ],
      pageParams: [
        { cursor: '90', above: 8 },
        { cursor: '80', above: 20 },
      ],
    };
    expect(pagesWindow(data, 2, 'tiles')).toEqual({
      before: 8,
      firstPage: 12,
      lastPage: 4,
      full: true,
    });
    expect(pagesWindow(data, 3, 'tiles').full).toBe(false);
    expect(pagesWindow(undefined, 3, 'tiles')).toEqual({
      before: 0,
      firstPage: 0,
      lastPage: 0,
      full: false,
    });
  });

  it('counts jobs where the card view is the window: one place each, running or not', () => {
    const top = page('a', 2, { nextCursor: '90', prevCursor: null });
    const p1 = nextWindowParam(top, firstWindowParam(), 'jobs');
    expect(p1).toEqual({ cursor: '90', above: 3 });
    const second = page('b', 3, { nextCursor: '80', prevCursor: '95' });
    expect(previousWindowParam(second, p1 as WindowParam, 'jobs')).toEqual({ after: '95', end: 3 });
    const data: WindowData = { pages: [second], pageParams: [p1 as WindowParam] };
    expect(pagesWindow(data, 3, 'jobs')).toEqual({
      before: 3,
      firstPage: 4,
      lastPage: 4,
      full: false,
    });
  });

  it("keys the cards' window apart from the gallery's: their places count other things", () => {
    const cards = windowQuery({ q: 'fox' }, 50, 20, 'jobs').queryKey;
    const tiles = windowQuery({ q: 'fox' }, 50, 20, 'tiles').queryKey;
    expect(cards).not.toEqual(tiles);
    expect(searchSpecOf(cards)).toEqual({
      filter: { q: 'fox' },
      limit: 50,
      maxPages: 20,
      places: 'jobs',
    });
  });
});

describe('a library search (windowQuery)', () => {
  it('keeps filtered lists apart from the feed, their filter in the key', () => {
    const { queryKey } = windowQuery({ q: 'lig' }, 2, 3, 'jobs');
    expect(queryKey).toEqual([
      'jobs',
      'search',
      { filter: { q: 'lig' }, limit: 2, maxPages: 3, places: 'jobs' },
    ]);
    expect(queryKey.slice(0, 2)).not.toEqual(jobQueries.lists());
    expect(searchSpecOf(queryKey)?.filter).toEqual({ q: 'lig' });
    expect(searchSpecOf(jobQueries.list().queryKey)).toBeNull();
  });

  it('loads the first page, then the next with its cursor, and stops at the last', async () => {
    const a = makeJob({ id: 'aaaaaaaaaa' });
    const b = makeJob({ id: 'bbbbbbbbbb' });
    const fetchFn = vi.fn(async (url: string) =>
      jsonResponse(url.includes('cursor=') ? makeList([b]) : makeList([a], '17')),
    );
    vi.stubGlobal('fetch', fetchFn);
    const observer = new InfiniteQueryObserver(client(), windowQuery({ q: 'lig' }, 1, 3, 'jobs'));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    await observer.fetchNextPage();
    const result = observer.getCurrentResult();
    expect(result.data?.pages.flatMap((p) => p.jobs)).toEqual([a, b]);
    expect(result.hasNextPage).toBe(false);
    expect(fetchFn.mock.calls.map((c) => c[0])).toEqual([
      '/studio-api/jobs?limit=1&q=lig',
      '/studio-api/jobs?cursor=17&limit=1&q=lig',
    ]);
    unsubscribe();
  });

  it('makes a 400 a query error carrying the server message', async () => {
    const error = {
      status: 400,
      code: 'invalid_request',
      message: 'q: must be at most 200 characters',
      hint: null,
      retryAfterS: null,
    };
    vi.stubGlobal('fetch', async () => jsonResponse({ error }, 400));
    await expect(
      client().fetchInfiniteQuery(windowQuery({ q: 'x' }, 5, 3, 'jobs')),
    ).rejects.toThrow('q: must be at most 200 characters');
  });
});
