import { describe, expect, it } from 'vitest';
import type { JobList } from '@/contract/studio-api';
import { makeJob, makeList } from '@/web/lib/testing/fixtures';
import {
  firstWindowParam,
  galleryWindow,
  nextWindowParam,
  previousWindowParam,
  tilesAbove,
  type WindowData,
  type WindowParam,
} from './gallery-window';

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
    const p1 = nextWindowParam(top, firstWindowParam());
    expect(p1).toEqual({ cursor: '90', above: 8 });
    const second = page('b', 3, { nextCursor: '80', prevCursor: '95' });
    const p2 = nextWindowParam(second, p1 as WindowParam);
    expect(p2).toEqual({ cursor: '80', above: 20 });
    expect(nextWindowParam(page('c', 1, { nextCursor: null }), p2 as WindowParam)).toBeUndefined();
    expect(tilesAbove(top, firstWindowParam())).toBe(0);
  });

  it('goes back up from a page by its prevCursor, and knows the tiles above once it is there', () => {
    const second = page('b', 3, { nextCursor: '80', prevCursor: '95' });
    const back = previousWindowParam(second, { cursor: '90', above: 8 });
    expect(back).toEqual({ after: '95', end: 8 });
    // The page above came back with two jobs: nothing above it but that newest page.
    const above = page('a', 2, { nextCursor: '90', prevCursor: null });
    expect(tilesAbove(above, back as WindowParam)).toBe(0);
    // Not the newest yet: what it does not hold of the eight.
    const middle = page('m', 1, { nextCursor: '93', prevCursor: '97' });
    expect(tilesAbove(middle, { after: '95', end: 8 })).toBe(4);
    expect(previousWindowParam(above, back as WindowParam)).toBeUndefined();
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
    expect(galleryWindow(data, 2)).toEqual({ before: 8, firstPage: 12, lastPage: 4, full: true });
    expect(galleryWindow(data, 3).full).toBe(false);
    expect(galleryWindow(undefined, 3)).toEqual({
      before: 0,
      firstPage: 0,
      lastPage: 0,
      full: false,
    });
  });
});
