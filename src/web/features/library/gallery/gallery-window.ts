import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { JobList } from '@/contract/studio-api';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { jobListParams } from '@/web/jobs/api/job-search';
import {
  jobQueries,
  pollIntervalFor,
  searchJobs,
  type SearchSpec,
} from '@/web/jobs/api/job-queries';
import { galleryTiles } from '@/web/jobs/utils/gallery-tiles';
import { requestJson } from '@/web/lib/http';
import { isStreamLive } from '@/web/lib/events/stream-store';

/**
 * What a window's places are: the gallery's tiles (every output of a job, so a job may
 * take several) or the card view's jobs (one card each).
 */
export type WindowPlaces = 'tiles' | 'jobs';

/**
 * Where a page of a window starts: below a job (`cursor`; the newest page has none) with
 * `above` places over it, or just above a job (`after`), its last place `end` places
 * down. The window keeps a few pages; the places of those it let go above it are counted,
 * so the grid or the card list keeps their room and nothing on screen moves.
 */
export type WindowParam = { cursor?: string; above: number } | { after: string; end: number };

/** The newest page's: a function, so the union stays a union where it is used. */
export const firstWindowParam = (): WindowParam => ({ above: 0 });

export type WindowData = InfiniteData<JobList, WindowParam>;

const placeCount = (page: JobList, places: WindowPlaces): number =>
  places === 'tiles' ? galleryTiles(page.jobs).length : page.jobs.length;

/** The places above a page that the window does not hold; none above the newest page. */
export function placesAbove(page: JobList, param: WindowParam, places: WindowPlaces): number {
  if (!page.prevCursor) return 0;
  return 'end' in param ? Math.max(0, param.end - placeCount(page, places)) : param.above;
}

export const nextWindowParam = (
  last: JobList,
  param: WindowParam,
  places: WindowPlaces,
): WindowParam | undefined =>
  last.nextCursor === null
    ? undefined
    : {
        cursor: last.nextCursor,
        above: placesAbove(last, param, places) + placeCount(last, places),
      };

export const previousWindowParam = (
  first: JobList,
  param: WindowParam,
  places: WindowPlaces,
): WindowParam | undefined =>
  first.prevCursor
    ? { after: first.prevCursor, end: placesAbove(first, param, places) }
    : undefined;

/** What a view needs to know of its window to draw it and to move it. */
export interface PagesWindow {
  /** Places above the loaded ones that the window let go (their rows stay, empty). */
  before: number;
  /** The places of the first and the last page: what moving the window lets go. */
  firstPage: number;
  lastPage: number;
  /** Holding as many pages as it may: a page fetched lets one go at the other end. */
  full: boolean;
}

/** The window as the view moves it: newer pages to fetch above, and how. */
export interface GridWindow extends PagesWindow {
  hasPrevious: boolean;
  loadPrevious: () => void;
}

export function pagesWindow(
  data: WindowData | undefined,
  maxPages: number,
  places: WindowPlaces,
): PagesWindow {
  const first = data?.pages[0];
  const last = data?.pages.at(-1);
  const param = data?.pageParams[0];
  return {
    before: first && param ? placesAbove(first, param, places) : 0,
    firstPage: first ? placeCount(first, places) : 0,
    lastPage: last ? placeCount(last, places) : 0,
    full: (data?.pages.length ?? 0) >= maxPages,
  };
}

/**
 * Jobs a window keeps loaded by default: about a hundred screens of gallery tiles, or a
 * few hundred of cards, around the one shown; a few MB of heap however far the scroll goes.
 */
const WINDOW_JOBS = 1000;
/** A window holds at least this many pages: the one on screen and one at either side. */
const MIN_WINDOW_PAGES = 3;

/** The pages of `limit` jobs a window of `windowJobs` (a default when not set) holds. */
export const windowPages = (limit: number, windowJobs = WINDOW_JOBS): number =>
  Math.max(MIN_WINDOW_PAGES, Math.ceil(windowJobs / limit));

/** A page of a search: older than `cursor` or just newer than `after`. */
const fetchSearchPage = (
  filter: JobFilter,
  limit: number,
  page: { cursor?: string; after?: string },
  signal: AbortSignal,
): Promise<JobList> =>
  requestJson(`/studio-api/jobs?${jobListParams(filter, limit, page)}`, 'jobList', { signal });

/** A search's poll while the stream is down and one of its jobs runs. */
const pollSearch = (query: { state: { data: { pages: readonly JobList[] } | undefined } }) =>
  pollIntervalFor({ jobs: searchJobs(query.state.data) }, isStreamLive());

/**
 * The library's pages, the gallery's and the card view's: a window of `maxPages` that
 * moves as the view scrolls, letting pages go at one end as it fetches at the other, so
 * the memory a long scroll holds is bounded. A search like any other under
 * `jobQueries.searches()` (events reach it the same way), keyed by what its places are, as
 * the places let go above are counted in them. Apart from `jobQueries` so that the first
 * page does not carry it.
 */
export const windowQuery = (
  filter: JobFilter,
  limit: number,
  maxPages: number,
  places: WindowPlaces,
) =>
  infiniteQueryOptions({
    queryKey: [
      ...jobQueries.searches(),
      { filter, limit, maxPages, places } satisfies SearchSpec & {
        maxPages: number;
        places: WindowPlaces;
      },
    ] as const,
    queryFn: ({ pageParam, signal }) => fetchSearchPage(filter, limit, pageParam, signal),
    initialPageParam: firstWindowParam(),
    getNextPageParam: (last: JobList, _all, param) => nextWindowParam(last, param, places),
    getPreviousPageParam: (first: JobList, _all, param) =>
      previousWindowParam(first, param, places),
    maxPages,
    refetchInterval: pollSearch,
    gcTime: 0,
  });
