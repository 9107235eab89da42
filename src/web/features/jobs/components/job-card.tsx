import type { Job } from '../../../../contract/studio-api';
import { isTerminal } from '../../../../contract/task';
import { Badge } from '../../../components/ui/badge';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { cn } from '../../../lib/cn';
import { useIsHighlighted } from '../stores/highlight-store';
import { jobLabel } from '../utils/job-view';
import { jobDomId } from './job-dom-id';
import { JobLineage } from './job-lineage';
import { JobMedia } from './job-media';
import { JobMeta } from './job-meta';
import { PromptText } from './prompt-text';
import { StatusBadge } from './status-badge';
import { UpscaleActions } from './upscale-actions';

interface JobCardProps {
  job: Job;
  /** The parent job, when this is a follow-up and the feed holds it. */
  parent: Job | undefined;
}

export function JobCard({ job, parent }: JobCardProps) {
  const highlighted = useIsHighlighted(job.id);
  const { parentId } = job;
  return (
    <article
      id={jobDomId(job.id)}
      // Focusable from script only: a lineage link moves focus here.
      tabIndex={-1}
      aria-label={jobLabel(job)}
      className={cn(
        'space-y-3 rounded-lg border bg-zinc-900/60 p-4 transition-shadow',
        highlighted ? 'border-indigo-400 ring-2 ring-indigo-400/60' : 'border-zinc-800',
      )}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge>{job.operation}</Badge>
        <StatusBadge status={job.status} />
        {parentId !== null ? <JobLineage job={{ ...job, parentId }} parent={parent} /> : null}
        <div className="ml-auto">
          <JobMeta job={job} />
        </div>
      </header>
      {isTerminal(job.status) ? null : <ProgressBar value={job.progress} label="Progress" />}
      {job.prompt.trim() ? <PromptText prompt={job.prompt} /> : null}
      <JobMedia job={job} />
      {job.status === 'failed' ? <JobFailure job={job} /> : null}
      <UpscaleActions job={job} />
    </article>
  );
}

function JobFailure({ job }: { job: Job }) {
  return (
    <ErrorBanner
      live={false}
      title={job.error?.message || 'The job failed'}
      hint={job.error?.hint ?? 'Any credits held for it were returned.'}
    />
  );
}
