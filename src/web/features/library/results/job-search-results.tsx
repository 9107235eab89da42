import {
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { Button } from '@/web/components/ui/button';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { useStreamLive } from '@/web/lib/events/stream-store';
import { galleryQuery, windowPages } from '../gallery/gallery-window';
import { jobQueries } from '@/web/jobs/api/job-queries';
import { GalleryResults } from '../gallery/gallery-results';
import { ProgressiveCardList } from './progressive-card-list';
import type { ResultReuse } from '../viewer/result-reuse';
import { SearchResultsFrame, type ResultsTextProps } from './search-results-frame';

interface JobSearchResultsProps extends ResultsTextProps {
  filter: JobFilter;
  /** Jobs per page. */
  limit: number;
  /** Jobs the gallery keeps loaded around the screen (its window); a default when not set. */
  windowJobs?: number;
  onUsePrompt?: (prompt: string) => void;
  /** Job cards (the default) or a gallery of every output, with what reusing one does. */
  gallery?: ResultReuse;
}

/**
 * The jobs that match a filter, newest first, a page at a time: job cards ("Load more"
 * appends the next page) or the gallery (scrolling moves a window of pages). A new filter
 * starts again at its first page; the previous results stay, dimmed, until it answers.
 */
export function JobSearchResults({ gallery, windowJobs, ...props }: JobSearchResultsProps) {
  return gallery ? (
    <GalleryResults {...props} reuse={gallery} windowJobs={windowJobs} />
  ) : (
    <CardResults {...props} />
  );
}

/** A search as JobSearchResults shows it: its filter, its pages, the gallery or cards. */
interface SearchTarget {
  filter: JobFilter;
  limit: number;
  windowJobs: number | undefined;
  gallery: boolean;
}

/**
 * Starts a search's first page at once, in the event that asks for it (a keystroke): the
 * studio answers while the page draws the key, and JobSearchResults, rendering the same
 * search next, takes the request under way instead of starting it after that render. A
 * search already there (shown, or on its way) is left as it is: a space typed after a word
 * searches the same.
 */
export function startSearch(client: QueryClient, t: SearchTarget): void {
  const there = (queryKey: QueryKey) =>
    client.getQueryCache().find({ queryKey, exact: true }) !== undefined;
  if (t.gallery) {
    const options = galleryQuery(t.filter, t.limit, windowPages(t.limit, t.windowJobs));
    if (!there(options.queryKey)) void client.prefetchInfiniteQuery(options);
  } else {
    const options = jobQueries.search(t.filter, t.limit);
    if (!there(options.queryKey)) void client.prefetchInfiniteQuery(options);
  }
}

function CardResults({ filter, limit, onUsePrompt, ...text }: JobSearchResultsProps) {
  // Not read here, but a change re-renders the list, which re-decides its poll interval.
  useStreamLive();
  const results = useInfiniteQuery({
    ...jobQueries.search(filter, limit),
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <SearchResultsFrame results={results} scroll={false} {...text}>
      {({ jobs, searching, more }) => (
        <>
          <ProgressiveCardList
            jobs={jobs}
            label="Library results"
            wide
            busy={searching}
            onUsePrompt={onUsePrompt}
          />
          {more ? <LoadMore loading={isFetchingNextPage} onClick={loadMore} /> : null}
        </>
      )}
    </SearchResultsFrame>
  );
}

function LoadMore({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <div className="flex justify-center pt-2">
      <Button onClick={onClick} disabled={loading}>
        {loading ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
