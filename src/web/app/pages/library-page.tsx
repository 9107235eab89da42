import { JobFeed } from '../../features/jobs/components/job-feed';
import { Page } from './page';

/** For now the same feed as Create; filters and search come with the library issue. */
export function LibraryPage() {
  return (
    <Page title="Library" description="Everything this studio has made.">
      <JobFeed emptyText="Nothing here yet. Jobs you create appear in the library." />
    </Page>
  );
}
