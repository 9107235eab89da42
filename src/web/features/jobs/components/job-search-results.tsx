import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, type ComponentProps } from 'react';
import { Button } from '@/web/components/ui/button';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { describeError } from '@/web/lib/describe-error';
import type { JobFilter } from '@/web/lib/job-filter';
import { useStreamLive } from '@/web/lib/stream-store';
import type { Job } from '@/contract/studio-api';
import { jobQueries, searchJobs } from '../api/job-queries';
import { usePendingDeletes } from '../stores/pending-deletes';
import { exportQuery } from '../api/job-search';
import { FeedSkeleton } from './job-feed';
import { ProgressiveCardList } from './progressive-card-list';
import { JobGallery } from './job-gallery';
import { ResultReuseContext, type ResultReuse } from './result-reuse';

interface JobSearchResultsProps {
  filter: JobFilter;
  /** Jobs per page. */
  limit: number;
  /** What was searched, in words (`“lig” · Completed`); empty when nothing filters. */
  searched: string;
  /** Shown when the history is empty and nothing filters. */
  emptyText: string;
  onClearFilters: () => void;
  onUsePrompt?: (prompt: string) => void;
  /** Job cards (the default) or a gallery of every output, with what reusing one does. */
  gallery?: ResultReuse;
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
    <ResultReuseContext.Provider value={props.reuse}>
      <JobGallery
        {...props}
        jobs={hidden ? NONE : props.jobs}
        hasMore={hidden ? false : props.hasMore}
      />
    </ResultReuseContext.Provider>
  );
}

const jobCount = (n: number): string => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/** The line above the results: how many, of what search, and whether more pages follow. */
function summaryText(count: number, more: boolean, searched: string, scroll: boolean): string {
  if (count === 0) return searched ? `No jobs found for ${searched}.` : '';
  const found = `${jobCount(count)}${searched ? ` found for ${searched}` : ''}`;
  if (!more) return found;
  return `Newest ${found}; ${scroll ? 'scrolling down shows' : 'Load more shows'} older ones.`;
}

/**
 * The jobs that match a filter, newest first, a page at a time ("Load more" appends the
 * next). A new filter starts again at its first page; the previous results stay, dimmed,
 * until it answers.
 */
export function JobSearchResults({
  filter,
  limit,
  searched,
  emptyText,
  onClearFilters,
  onUsePrompt,
  gallery,
}: JobSearchResultsProps) {
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

  if (results.isPending) return <FeedSkeleton />;
  if (results.isError && !results.data) {
    const { title, hint } = describeError(results.error);
    return (
      <ErrorBanner
        title={`Could not search the library: ${title}`}
        hint={hint}
        action={
          <Button size="sm" onClick={() => void results.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }

  const jobs = searchJobs(results.data);
  const searching = results.isPlaceholderData;
  const more = results.hasNextPage && !searching;
  const summary = searching
    ? 'Searching…'
    : summaryText(jobs.length, more, searched, gallery !== undefined);
  return (
    <div className="space-y-3">
      {/* The cards' titles are h3s; the page's h1 is the library's. */}
      <h2 className="sr-only">Results</h2>
      <p role="status" className="min-h-5 text-sm text-zinc-400" data-testid="library-summary">
        {summary}
      </p>
      {results.isRefetchError ? (
        <ErrorBanner
          title="Showing the last results loaded"
          hint={`Refreshing failed: ${describeError(results.error).title}`}
        />
      ) : null}
      {gallery ? (
        <GalleryWithReuse
          jobs={jobs}
          busy={searching}
          hasMore={more}
          loadMore={loadMore}
          reuse={gallery}
          filterQuery={exportQuery(filter)}
        />
      ) : (
        <ProgressiveCardList
          jobs={jobs}
          label="Library results"
          wide
          busy={searching}
          onUsePrompt={onUsePrompt}
        />
      )}
      {jobs.length === 0 && !searching ? (
        <NoResults searched={searched} emptyText={emptyText} onClearFilters={onClearFilters} />
      ) : null}
      {results.isFetchNextPageError ? (
        <ErrorBanner title="Could not load more jobs" hint={describeError(results.error).title} />
      ) : null}
      {more && !gallery ? <LoadMore loading={isFetchingNextPage} onClick={loadMore} /> : null}
    </div>
  );
}

interface NoResultsProps {
  searched: string;
  emptyText: string;
  onClearFilters: () => void;
}

function NoResults({ searched, emptyText, onClearFilters }: NoResultsProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-500">
      <p>{searched ? 'Nothing matches. Try fewer words or fewer filters.' : emptyText}</p>
      {searched ? (
        <Button size="sm" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </div>
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
