import { JobDetail } from '@/web/features/lineage';
import { useRouteSearch } from '../router';
import { usePromptHandoff } from '../use-prompt-handoff';
import { Page } from './page';

/** `#/job?id=<handle>`: one job's card, where the account page's links lead. */
export function JobPage() {
  const onUsePrompt = usePromptHandoff();
  const id = new URLSearchParams(useRouteSearch()).get('id') ?? '';
  return (
    <Page title="Job">
      {id === '' ? (
        <p className="text-sm text-zinc-400">No job named. Open one from the library.</p>
      ) : (
        <section aria-labelledby="job-page-card">
          {/* The card's own title is an h3, as in the feed's "Latest jobs". */}
          <h2 id="job-page-card" className="sr-only">
            The job's card
          </h2>
          <JobDetail key={id} id={id} onUsePrompt={onUsePrompt} />
        </section>
      )}
    </Page>
  );
}
