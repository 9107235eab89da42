import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { LoadError } from '@/web/components/ui/request-error';
import { describeError } from '@/web/lib/describe-error';
import type { Job, JobList } from '@/contract/studio-api';
import { searchJobs } from '@/web/jobs/api/job-queries';
import { FeedSkeleton } from '@/web/features/feed';

type SearchResults = UseInfiniteQueryResult<InfiniteData<JobList, unknown>>;

export interface ResultsTextProps {
  /** What was searched, in words (`“lig” · Completed`); empty when nothing filters. */
  searched: string;
  /** Shown when the history is empty and nothing filters. */
  emptyText: string;
  onClearFilters: () => void;
}

interface FrameProps extends ResultsTextProps {
  results: SearchResults;
  children: (view: { jobs: Job[]; searching: boolean; more: boolean }) => ReactNode;
}

const jobCount = (n: number): string => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/** The line above the results: how many, of what search, and whether more pages follow. */
function summaryText(count: number, more: boolean, newer: boolean, p: FrameProps): string {
  const { searched } = p;
  if (count === 0 && !newer) return searched ? `No jobs found for ${searched}.` : '';
  const found = `${jobCount(count)}${searched ? ` found for ${searched}` : ''}`;
  if (newer)
    return `${found} here; scrolling up shows newer ones${more ? ', down older ones' : ''}.`;
  if (!more) return found;
  return `Newest ${found}; scrolling down shows older ones.`;
}

/**
 * A search's results with what surrounds them: the skeleton, the error and its Retry, the
 * summary line, a failed refresh or page, and "nothing matches". Both views show a window
 * of pages that moves with the scroll: older results come by scrolling down, and newer
 * ones may lie above. The first answer shows the results; a new search keeps them,
 * dimmed, until it answers.
 */
export function SearchResultsFrame(props: FrameProps) {
  const { results, searched, emptyText, onClearFilters, children } = props;
  if (results.isPending) return <FeedSkeleton />;
  if (results.isError && !results.data) {
    return <LoadError what="search the library" error={results.error} onRetry={results.refetch} />;
  }
  const jobs = searchJobs(results.data);
  const searching = results.isPlaceholderData;
  const more = results.hasNextPage && !searching;
  const newer = results.hasPreviousPage && !searching;
  return (
    <div className="space-y-3">
      {/* The cards' titles are h3s; the page's h1 is the library's. */}
      <h2 className="sr-only">Results</h2>
      <p role="status" className="min-h-5 text-sm text-zinc-400" data-testid="library-summary">
        {searching ? 'Searching…' : summaryText(jobs.length, more, newer, props)}
      </p>
      {results.isRefetchError ? (
        <ErrorBanner
          title="Showing the last results loaded"
          hint={`Refreshing failed: ${describeError(results.error).title}`}
        />
      ) : null}
      {children({ jobs, searching, more })}
      {jobs.length === 0 && !searching && !newer ? (
        <NoResults searched={searched} emptyText={emptyText} onClearFilters={onClearFilters} />
      ) : null}
      {results.isFetchNextPageError || results.isFetchPreviousPageError ? (
        <ErrorBanner title="Could not load more jobs" hint={describeError(results.error).title} />
      ) : null}
    </div>
  );
}

function NoResults({ searched, emptyText, onClearFilters }: ResultsTextProps) {
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
