import { useQueryClient } from '@tanstack/react-query';
import type { LibraryParams } from '@/web/features/library';
import {
  checkParams,
  clearFilters,
  describeFilter,
  JobSearchResults,
  LibraryFilters,
  paramsFromSearch,
  searchFromParams,
  startSearch,
} from '@/web/features/library';
import { replaceRouteSearch, useRouteSearch } from '../router';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import { useLibraryView } from '../library-view';
import { usePromptHandoff, useResultReuse } from '../use-prompt-handoff';
import { Page } from './page';

const VIEWS = [
  { value: 'cards', label: 'Cards', title: 'One card per job, with its actions' },
  { value: 'gallery', label: 'Gallery', title: 'Every image and clip in a dense grid' },
] as const;

/**
 * The library's filters read and write the search in the URL; its results fetch and show
 * what it finds; the page adds the view switch and hands prompts and results to Create.
 */
export function LibraryPage() {
  const onUsePrompt = usePromptHandoff();
  const reuse = useResultReuse();
  const [view, setView] = useLibraryView();
  const client = useQueryClient();
  const params = paramsFromSearch(useRouteSearch());
  const checked = checkParams(params);
  const setParams = (next: LibraryParams) => {
    const nextSearch = searchFromParams(next);
    // Read back from the URL as the page will read it, so the search started is the one
    // the results then ask for.
    const c = checkParams(paramsFromSearch(nextSearch));
    if (c.ok) {
      const { filter, limit, windowJobs } = c;
      startSearch(client, { filter, limit, windowJobs, gallery: view === 'gallery' });
    }
    replaceRouteSearch('library', nextSearch);
  };
  return (
    <Page title="Library" description="Everything this studio has made.">
      <LibraryFilters
        params={params}
        issues={checked.ok ? [] : checked.issues}
        onChange={setParams}
      />
      <SegmentedControl
        label="View"
        options={VIEWS}
        value={view}
        onChange={setView}
        className="w-fit"
      />
      {checked.ok ? (
        <JobSearchResults
          filter={checked.filter}
          limit={checked.limit}
          windowJobs={checked.windowJobs}
          searched={describeFilter(checked.filter)}
          emptyText="Nothing here yet. Jobs you create appear in the library."
          onClearFilters={() => setParams(clearFilters(params))}
          onUsePrompt={onUsePrompt}
          gallery={view === 'gallery' ? reuse : undefined}
        />
      ) : null}
    </Page>
  );
}
