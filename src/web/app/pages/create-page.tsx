import { PromptBox } from '@/web/features/create';
import { JobFeed } from '@/web/features/feed';
import { useCreateJob } from '@/web/jobs/hooks/use-create-job';
import { BudgetNote } from '../budget-note';
import { useMayCreate } from '../use-may-create';
import { usePromptHandoff } from '../use-prompt-handoff';
import { Page } from './page';

/** In place of what a viewer may not use: what they may. */
export function ViewerNotice() {
  return (
    <p role="note" className="rounded-md border border-zinc-800 p-3 text-sm text-zinc-300">
      You are a viewer of this studio: you can browse the library and download, but not create. Ask
      an admin of the studio for the member role.
    </p>
  );
}

/** The create feature writes prompts, the feed shows them running: composed here. */
export function CreatePage() {
  const create = useCreateJob();
  const onUsePrompt = usePromptHandoff();
  const mayCreate = useMayCreate();
  return (
    <Page title="Create">
      {mayCreate ? (
        <>
          <PromptBox
            onSubmit={(text) => create.submit({ operation: 'diffusion', params: { text } })}
            pending={create.isPending}
            error={create.error}
            onDismissError={create.reset}
          />
          <BudgetNote />
        </>
      ) : (
        <ViewerNotice />
      )}
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
