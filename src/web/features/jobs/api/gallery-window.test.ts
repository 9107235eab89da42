import { describe, expect, it } from 'vitest';
import type { JobList } from '@/contract/studio-api';
import { makeJob, makeList } from '@/web/lib/testing/fixtures';
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
import { searchSpecOf } from './job-queries';

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
