import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, type ComponentProps } from 'react';
import type { Job } from '@/contract/studio-api';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { useStreamLive } from '@/web/lib/events/stream-store';
import {
  pagesWindow,
  windowPages,
  windowQuery,
  type GridWindow,
  type WindowData,
  type WindowPlaces,
} from './gallery-window';
import { exportQuery } from '@/web/jobs/api/job-search';
import { usePendingDeletes } from '../deletes/pending-deletes';
import { JobGallery } from './job-gallery';
import { ResultReuseContext, type ResultReuse } from '../viewer/result-reuse';
import { SearchResultsFrame, type ResultsTextProps } from '../results/search-results-frame';

interface GalleryResultsProps extends ResultsTextProps {
  filter: JobFilter;
  limit: number;
  windowJobs?: number;
  reuse: ResultReuse;
}

/**
 * A library search as a window of pages that moves with the scroll (gallery-window.ts),
 * the gallery's or the card view's: its results, and the window as the view moves it.
 */
export function useSearchWindow(
  filter: JobFilter,
  limit: number,
  windowJobs: number | undefined,
  places: WindowPlaces,
) {
  // Not read here, but a change re-renders the list, which re-decides its poll interval.
  useStreamLive();
  const maxPages = windowPages(limit, windowJobs);
  const results = useInfiniteQuery({
    ...windowQuery(filter, limit, maxPages, places),
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage } = results;
  const { fetchNextPage, fetchPreviousPage, data, isPlaceholderData } = results;
  // One page at a time: a fetch at one end would cancel one under way at the other.
  const moving = isFetchingNextPage || isFetchingPreviousPage;
  const loadMore = useCallback(() => {
    if (hasNextPage && !moving) void fetchNextPage();
  }, [hasNextPage, moving, fetchNextPage]);
  const loadPrevious = useCallback(() => {
    if (hasPreviousPage && !moving) void fetchPreviousPage();
  }, [hasPreviousPage, moving, fetchPreviousPage]);
  const hasPrevious = hasPreviousPage && !isPlaceholderData;
  const gridWindow = useMemo<GridWindow>(
    // With placeholderData the result's page params lose their type; the query's are these.
    () => ({
      ...pagesWindow(data as WindowData | undefined, maxPages, places),
      hasPrevious,
      loadPrevious,
    }),
    [data, maxPages, places, hasPrevious, loadPrevious],
  );
  return { results, loadMore, gridWindow };
}

/** The library's gallery: its pages a window that moves with the scroll. */
export function GalleryResults(props: GalleryResultsProps) {
  const { filter, limit, windowJobs, reuse, ...text } = props;
  const { results, loadMore, gridWindow } = useSearchWindow(filter, limit, windowJobs, 'tiles');
  return (
    <SearchResultsFrame results={results} {...text}>
      {({ jobs, searching, more }) => (
        <GalleryWithReuse
          jobs={jobs}
          busy={searching}
          hasMore={more}
          loadMore={loadMore}
          gridWindow={gridWindow}
          reuse={reuse}
          filterQuery={exportQuery(filter)}
        />
      )}
    </SearchResultsFrame>
  );
}

const NONE: Job[] = [];

/**
 * The gallery, with its reuse also in context for the parts it does not pass it to. While
 * everything its filter matches waits out a delete's undo time, nothing shows (and no
 * page loads), as a single deleted job hides.
 */
function GalleryWithReuse(props: ComponentProps<typeof JobGallery>) {
  const pending = usePendingDeletes();
  const hidden = pending.some((p) => p.filterQuery === props.filterQuery);
  return (
    <ResultReuseContext value={props.reuse}>
      <JobGallery
        {...props}
        jobs={hidden ? NONE : props.jobs}
        hasMore={hidden ? false : props.hasMore}
        gridWindow={
          hidden ? { ...props.gridWindow, before: 0, hasPrevious: false } : props.gridWindow
        }
      />
    </ResultReuseContext>
  );
}
