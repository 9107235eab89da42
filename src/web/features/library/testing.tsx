/** For the library's component tests: the gallery over a fixed set of jobs, one page. */
import { vi } from 'vitest';
import type { Job } from '@/contract/studio-api';
import { galleryTiles } from '@/web/jobs/utils/gallery-tiles';
import { JobGallery } from './gallery/job-gallery';
import { pendingDeletesStore } from './deletes/pending-deletes';
import { renderWithClient } from '@/web/components/testing/render-with-client';

/** The library's filter in these tests: its prompts that say "storm", of any status. */
export const FILTER_QUERY = 'q=storm';

/** The gallery showing `jobs`, all loaded; the reuse handlers are spies. */
export async function renderGallery(jobs: readonly Job[]) {
  pendingDeletesStore.setState({ pending: [] });
  const count = galleryTiles(jobs).length;
  const reuse = { usePrompt: vi.fn(), useImage: vi.fn(), blend: vi.fn() };
  const gridWindow = {
    before: 0,
    firstPage: count,
    lastPage: count,
    full: false,
    hasPrevious: false,
    loadPrevious: () => {},
  };
  const { screen } = await renderWithClient(
    <JobGallery
      jobs={jobs}
      busy={false}
      hasMore={false}
      loadMore={() => {}}
      gridWindow={gridWindow}
      reuse={reuse}
      filterQuery={FILTER_QUERY}
    />,
  );
  return { screen, reuse, gallery: screen.getByRole('list', { name: 'Gallery' }) };
}
