import { JobFeed } from '../../features/jobs/components/job-feed';
import { usePromptHandoff } from '../use-prompt-handoff';
import { Page } from './page';

/** For now the same feed as Create; filters and search come with the library issue. */
export function LibraryPage() {
  const onUsePrompt = usePromptHandoff();
  return (
    <Page title="Library" description="Everything this studio has made.">
      <JobFeed
        emptyText="Nothing here yet. Jobs you create appear in the library."
        onUsePrompt={onUsePrompt}
      />
    </Page>
  );
}
