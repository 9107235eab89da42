import { PromptBox } from '@/web/features/create';
import { JobFeed } from '@/web/features/feed';
import { useCreateJob } from '@/web/jobs/hooks/use-create-job';
import { usePromptHandoff } from '../use-prompt-handoff';
import { Page } from './page';

/** The create feature writes prompts, the feed shows them running: composed here. */
export function CreatePage() {
  const create = useCreateJob();
  const onUsePrompt = usePromptHandoff();
  return (
    <Page title="Create">
      <PromptBox
        onSubmit={(text) => create.submit({ operation: 'diffusion', params: { text } })}
        pending={create.isPending}
        error={create.error}
        onDismissError={create.reset}
      />
      <section aria-labelledby="recent-heading" className="space-y-3">
        <h2 id="recent-heading" className="text-sm font-medium text-zinc-400">
          Recent jobs
        </h2>
        <JobFeed
          emptyText="No jobs yet. Describe an image above and press Generate."
          onUsePrompt={onUsePrompt}
        />
      </section>
    </Page>
  );
}
