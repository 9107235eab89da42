import { replaceEqualDeep } from '@tanstack/react-query';
import { memo } from 'react';
import type { Job } from '@/contract/studio-api';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { RequestError } from '@/web/components/ui/request-error';
import { ProgressBar } from '@/web/components/ui/progress-bar';
import { ServiceWait } from '@/web/components/ui/service-wait';
import { cn } from '@/web/lib/cn';
import { FEATURES } from '@/web/lib/feature-flags';
import { useFavourite } from './use-favourite';
import { useJobActions } from '../actions/use-job-actions';
import { useIsHighlighted } from '@/web/jobs/stores/highlight-store';
import { useJobRights } from '@/web/jobs/hooks/use-job-rights';
import { imageActionPlan } from '@/web/jobs/utils/action-plan';
import { isRunning, jobLabel, mediaLayout, statusWord } from '@/web/jobs/utils/job-view';
import type { MediaLayout } from '@/web/jobs/utils/job-view';
import { FavouriteButton, FavouriteError } from './favourite-button';
import { GridActions } from '../actions/grid-actions';
import { jobDomId } from '@/web/jobs/utils/job-dom-id';
import { JobLineage, LineageLink } from './job-lineage';
import { JobMedia } from '../media/job-media';
import { JobMeta } from './job-meta';
import { LazyActionDialogs, LazyQueuedCreate, LazyUnknownCreate } from './lazy-parts';
import { PromptText } from './prompt-text';
import { StatusBadge } from './status-badge';
import { LazyAddToCollection, useMayCollect } from '@/web/features/collections';

interface JobCardProps {
  job: Job;
  /** The parent job, when this is a follow-up and the feed holds it. */
  parent: Job | undefined;
  /** How many jobs made from this one the list holds. */
  followUps?: number;
  onUsePrompt: ((prompt: string) => void) | undefined;
  /**
   * The card's place among all the results from 1, and their count (-1 while more may
   * follow), where a feed draws only some of them (the library's).
   */
  posinset?: number;
  setsize?: number;
}

/** The same job, or an equal one (another search's answer holds its own objects). */
const sameJob = (a: Job | undefined, b: Job | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && replaceEqualDeep(a, b) === a);

const sameCard = (a: JobCardProps, b: JobCardProps): boolean =>
  a.followUps === b.followUps &&
  a.onUsePrompt === b.onUsePrompt &&
  a.posinset === b.posinset &&
  a.setsize === b.setsize &&
  sameJob(a.job, b.job) &&
  sameJob(a.parent, b.parent);

const imageCount = (layout: MediaLayout): number =>
  layout.kind === 'grid' || layout.kind === 'batch'
    ? layout.images.length
    : layout.kind === 'single'
      ? 1
      : 0;

/**
 * A card re-renders only when its own job, its parent, its follow-up count, its place or
 * the prompt handler changes: a job event replaces one job object in the cached list and keeps the
 * others, so a burst of events does not redraw every card of the feed for each; and the
 * cards a new search's answer shares with the one before, equal jobs in new objects, are
 * not drawn again either (`sameCard`).
 */
export const JobCard = memo(function JobCard({
  job,
  parent,
  followUps = 0,
  onUsePrompt,
  posinset,
  setsize,
}: JobCardProps) {
  const highlighted = useIsHighlighted(job.id);
  const actions = useJobActions(job);
  const favourite = useFavourite(job);
  // Hidden, not disabled, where the studio would refuse: a viewer makes no follow-ups, and
  // favourites and deletes only what their role lets them change.
  const rights = useJobRights(job);
  const collect = useMayCollect() && job.status === 'completed';
  const layout = mediaLayout(job);
  const count = imageCount(layout);
  const plan =
    rights.followUp && count > 0 && job.output
      ? imageActionPlan(job.output.actions, count, FEATURES, job.operation)
      : null;
  const { parentId } = job;
  return (
    <article
      id={jobDomId(job.id)}
      // Focusable from script only: a lineage link moves focus here.
      tabIndex={-1}
      aria-label={jobLabel(job)}
      aria-posinset={posinset}
      aria-setsize={setsize}
      className={cn(
        'min-w-0 space-y-3 rounded-lg border bg-zinc-900/60 p-4 transition-shadow',
        highlighted ? 'border-indigo-400 ring-2 ring-indigo-400/60' : 'border-zinc-800',
      )}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 className="text-sm font-medium text-zinc-100">{job.title}</h3>
        {parentId !== null ? <JobLineage job={{ ...job, parentId }} parent={parent} /> : null}
        {parentId !== null || followUps > 0 ? (
          <LineageLink id={job.id} followUps={followUps} />
        ) : null}
        <StatusBadge status={statusWord(job)} />
        <div className="ml-auto flex items-center gap-1">
          <JobMeta job={job} />
          {collect ? (
            <LazyAddToCollection.Component
              items={[{ job: job.id }]}
              label="Add this job to a collection"
            />
          ) : null}
          {rights.change ? <FavouriteButton favourite={favourite} /> : null}
        </div>
      </header>
      {isRunning(job) ? <ProgressBar value={job.progress} label="Progress" /> : null}
      {isRunning(job) ? <ServiceWait /> : null}
      {job.prompt.trim() ? <PromptText prompt={job.prompt} /> : null}
      <JobMedia
        job={job}
        layout={layout}
        plan={plan}
        actions={actions}
        onUsePrompt={onUsePrompt}
        followUp={rights.followUp}
      />
      {job.status === 'failed' ? <JobFailure job={job} /> : null}
      {job.queued ? <LazyQueuedCreate.Component job={job} mayChange={rights.change} /> : null}
      {job.createUnknown ? (
        <LazyUnknownCreate.Component
          id={job.id}
          words={job.createUnknown}
          mayDismiss={rights.change}
        />
      ) : null}
      {plan ? <GridActions plan={plan} actions={actions} /> : null}
      <FavouriteError favourite={favourite} />
      {actions.error ? (
        <RequestError error={actions.error} onDismiss={actions.dismissError} />
      ) : null}
      {actions.dialog ? <LazyActionDialogs.Component job={job} actions={actions} /> : null}
    </article>
  );
}, sameCard);

function JobFailure({ job }: { job: Job }) {
  return (
    <ErrorBanner
      live={false}
      title={job.error?.message || 'The job failed'}
      hint={job.error?.hint ?? 'Any credits held for it were returned.'}
    />
  );
}
