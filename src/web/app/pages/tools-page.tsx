import { JobFeed } from '@/web/features/feed';
import { useCreateJob } from '@/web/jobs/hooks/use-create-job';
import type { ToolFormProps } from '@/web/features/tools';
// By path: the index is on the first page, and this page is a chunk of its own.
import { TOOLS } from '@/web/features/tools/components/tools';
import { routeHref } from '../router';
import { useMayCreate } from '../use-may-create';
import { usePromptHandoff } from '../use-prompt-handoff';
import { ViewerNotice } from './create-page';
import { Page } from './page';
import type { ComponentType } from 'react';
import type { TaskType } from '@/contract/task';

/** How many of the newest jobs show beside the tools. */
const LATEST_JOBS = 6;

/** What the tools make; the link below the latest jobs opens the library on these. */
const TOOL_OPERATIONS: readonly TaskType[] = [
  'describe',
  'shorten',
  'blend',
  'retexture',
  'remove_background',
  'upload_paint',
  'video_diffusion',
];
const TOOL_RESULTS_HREF = `${routeHref('library')}?operation=${TOOL_OPERATIONS.join(',')}`;

/** The tools make jobs through the jobs layer's create; each tool gets its own. */
function ToolSlot({ Form }: { Form: ComponentType<ToolFormProps> }) {
  const create = useCreateJob();
  return (
    <Form
      submit={create.submit}
      pending={create.isPending}
      error={create.error}
      onDismissError={create.reset}
      created={create.created}
    />
  );
}

export function ToolsPage() {
  const onUsePrompt = usePromptHandoff();
  const mayCreate = useMayCreate();
  return (
    <Page
      title="Tools"
      description="Describe and shorten, blend, retexture, cut out, repaint and animate images by URL or upload."
    >
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        {mayCreate ? (
          <div className="grid gap-4 lg:grid-cols-2">
            {TOOLS.map(({ id, Form }) => (
              <ToolSlot key={id} Form={Form} />
            ))}
          </div>
        ) : (
          <ViewerNotice />
        )}
        <section aria-labelledby="latest-heading" className="space-y-3 xl:sticky xl:top-20">
          <h2 id="latest-heading" className="text-sm font-medium text-zinc-400">
            Latest jobs
          </h2>
          <JobFeed
            label="Latest jobs"
            maxJobs={LATEST_JOBS}
            onUsePrompt={onUsePrompt}
            emptyText="Results of the tools appear here."
          />
          <a
            href={TOOL_RESULTS_HREF}
            className="block text-sm text-indigo-300 underline-offset-2 hover:underline"
          >
            All tool results in the Library
          </a>
        </section>
      </div>
    </Page>
  );
}
