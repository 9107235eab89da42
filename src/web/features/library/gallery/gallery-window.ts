import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { JobList } from '@/contract/studio-api';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { galleryTiles } from '@/web/jobs/utils/gallery-tiles';
import {
  fetchSearchPage,
  jobQueries,
  pollSearch,
  type SearchSpec,
} from '@/web/jobs/api/job-queries';

/**
 * Where a page of the gallery's window starts: below a job (`cursor`; the newest page has
 * none) with `above` tiles over it, or just above a job (`after`), its last tile `end`
 * tiles down. The window keeps a few pages; the tiles of those it let go above it are
 * counted, so the grid keeps their place and nothing on screen moves.
 */
export type WindowParam = { cursor?: string; above: number } | { after: string; end: number };

/** The newest page's: a function, so the union stays a union where it is used. */
export const firstWindowParam = (): WindowParam => ({ above: 0 });

export type WindowData = InfiniteData<JobList, WindowParam>;

const tileCount = (page: JobList): number => galleryTiles(page.jobs).length;

/** The tiles above a page that the window does not hold; none above the newest page. */
export function tilesAbove(page: JobList, param: WindowParam): number {
  if (!page.prevCursor) return 0;
  return 'end' in param ? Math.max(0, param.end - tileCount(page)) : param.above;
}

export const nextWindowParam = (last: JobList, param: WindowParam): WindowParam | undefined =>
  last.nextCursor === null
    ? undefined
    : { cursor: last.nextCursor, above: tilesAbove(last, param) + tileCount(last) };

export const previousWindowParam = (first: JobList, param: WindowParam): WindowParam | undefined =>
  first.prevCursor ? { after: first.prevCursor, end: tilesAbove(first, param) } : undefined;

/** What the gallery needs to know of its window to draw it and to move it. */
export interface GalleryWindow {
  /** Tiles above the loaded ones that the window let go (their rows stay, empty). */
  before: number;
  /** The tiles of the first and the last page: what moving the window lets go. */
  firstPage: number;
  lastPage: number;
  /** Holding as many pages as it may: a page fetched lets one go at the other end. */
  full: boolean;
}

/** The window as the grid moves it: newer pages to fetch above, and how. */
export interface GridWindow extends GalleryWindow {
  hasPrevious: boolean;
  loadPrevious: () => void;
}

export function galleryWindow(data: WindowData | undefined, maxPages: number): GalleryWindow {
  const first = data?.pages[0];
  const last = data?.pages.at(-1);
  const param = data?.pageParams[0];
  return {
    before: first && param ? tilesAbove(first, param) : 0,
    firstPage: first ? tileCount(first) : 0,
    lastPage: last ? tileCount(last) : 0,
    full: (data?.pages.length ?? 0) >= maxPages,
  };
}

/**
 * The gallery's pages: a window of `maxPages` that moves as the grid scrolls, letting
 * pages go at one end as it fetches at the other, so the memory a long scroll holds is
 * bounded. A search like `jobQueries.search` (events reach it the same way), under a key
 * of its own: the card view keeps every page. Apart from `jobQueries` so that the first
 * page does not carry it.
 */
/**
 * Jobs the gallery keeps loaded by default: about a hundred screens of tiles around the
 * one shown, a few MB of heap however far the scroll goes.
 */
const WINDOW_JOBS = 1000;
/** A window holds at least this many pages: the one on screen and one at either side. */
const MIN_WINDOW_PAGES = 3;

/** The pages of `limit` jobs a window of `windowJobs` (a default when not set) holds. */
export const windowPages = (limit: number, windowJobs = WINDOW_JOBS): number =>
  Math.max(MIN_WINDOW_PAGES, Math.ceil(windowJobs / limit));

export const galleryQuery = (filter: JobFilter, limit: number, maxPages: number) =>
  infiniteQueryOptions({
    queryKey: [
      ...jobQueries.searches(),
      { filter, limit, maxPages } satisfies SearchSpec & { maxPages: number },
    ] as const,
    queryFn: ({ pageParam, signal }) => fetchSearchPage(filter, limit, pageParam, signal),
    initialPageParam: firstWindowParam(),
    getNextPageParam: (last: JobList, _all, param) => nextWindowParam(last, param),
    getPreviousPageParam: (first: JobList, _all, param) => previousWindowParam(first, param),
    maxPages,
    refetchInterval: pollSearch,
    gcTime: 0,
  });
