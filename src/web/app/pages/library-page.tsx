import { JobSearchResults } from '@/web/features/jobs/components/job-search-results';
import { LibraryFilters } from '@/web/features/library/components/library-filters';
import type { LibraryParams } from '@/web/features/library/utils/library-params';
import {
  checkParams,
  clearFilters,
  describeFilter,
  paramsFromSearch,
  searchFromParams,
} from '@/web/features/library/utils/library-params';
import { replaceRouteSearch, useRouteSearch } from '../router';
import { usePromptHandoff } from '../use-prompt-handoff';
import { Page } from './page';

/**
 * The library feature reads and writes the search in the URL; the jobs feature fetches and
 * shows what it finds. Composed here, as features do not know each other.
 */
export function LibraryPage() {
  const onUsePrompt = usePromptHandoff();
  const params = paramsFromSearch(useRouteSearch());
  const checked = checkParams(params);
  const setParams = (next: LibraryParams) => replaceRouteSearch('library', searchFromParams(next));
  return (
    <Page title="Library" description="Everything this studio has made.">
      <LibraryFilters
        params={params}
        issues={checked.ok ? [] : checked.issues}
        onChange={setParams}
      />
      {checked.ok ? (
        <JobSearchResults
          filter={checked.filter}
          limit={checked.limit}
          searched={describeFilter(checked.filter)}
          emptyText="Nothing here yet. Jobs you create appear in the library."
          onClearFilters={() => setParams(clearFilters(params))}
          onUsePrompt={onUsePrompt}
        />
      ) : null}
    </Page>
  );
}
