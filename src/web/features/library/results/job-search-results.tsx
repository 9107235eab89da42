import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { windowPages, windowQuery } from '../gallery/gallery-window';
import { GalleryResults, useSearchWindow } from '../gallery/gallery-results';
import { ProgressiveCardList } from './progressive-card-list';
import type { ResultReuse } from '../viewer/result-reuse';
import { SearchResultsFrame, type ResultsTextProps } from './search-results-frame';

interface JobSearchResultsProps extends ResultsTextProps {
  filter: JobFilter;
  /** Jobs per page. */
  limit: number;
  /** Jobs either view keeps loaded around the screen (its window); a default when not set. */
  windowJobs?: number;
  onUsePrompt?: (prompt: string) => void;
  /** Job cards (the default) or a gallery of every output, with what reusing one does. */
  gallery?: ResultReuse;
}

/**
 * The jobs that match a filter, newest first, a page at a time: job cards or the gallery,
 * each a window of pages that scrolling moves. A new filter starts again at its first
 * page; the previous results stay, dimmed, until it answers.
 */
export function JobSearchResults({ gallery, ...props }: JobSearchResultsProps) {
  return gallery ? <GalleryResults {...props} reuse={gallery} /> : <CardResults {...props} />;
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
  const maxPages = windowPages(t.limit, t.windowJobs);
  const options = windowQuery(t.filter, t.limit, maxPages, t.gallery ? 'tiles' : 'jobs');
  if (!there(options.queryKey)) void client.prefetchInfiniteQuery(options);
}

function CardResults(props: JobSearchResultsProps) {
  const { filter, limit, windowJobs, onUsePrompt, ...text } = props;
  const { results, loadMore, gridWindow } = useSearchWindow(filter, limit, windowJobs, 'jobs');
  return (
    <SearchResultsFrame results={results} {...text}>
      {({ jobs, searching, more }) => (
        <ProgressiveCardList
          jobs={jobs}
          label="Library results"
          busy={searching}
          onUsePrompt={onUsePrompt}
          hasMore={more}
          loadMore={loadMore}
          gridWindow={gridWindow}
        />
      )}
    </SearchResultsFrame>
  );
}
