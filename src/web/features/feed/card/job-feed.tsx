import { useQuery } from '@tanstack/react-query';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { LoadError } from '@/web/components/ui/request-error';
import { describeError } from '@/web/lib/describe-error';
import { useStreamLive } from '@/web/lib/events/stream-store';
import { jobQueries } from '@/web/jobs/api/job-queries';
import { JobCardList } from './job-card-list';

interface JobFeedProps {
  /** Shown when there are no jobs yet; each page says what to do next. */
  emptyText?: string;
  /** Show only the newest this many (a compact feed beside a form). */
  maxJobs?: number;
  /** Puts a prompt into the prompt box: "Use prompt" on describe and shorten results. */
  onUsePrompt?: (prompt: string) => void;
  /** The feed's accessible name. */
  label?: string;
}

/**
 * The jobs, newest first, kept current by the event stream; polled only while the stream
 * is down and a job is still running (see jobQueries.list).
 */
export function JobFeed({
  emptyText = 'No jobs yet.',
  maxJobs,
  onUsePrompt,
  label = 'Jobs',
}: JobFeedProps) {
  // Not read here, but a change re-renders the feed, which re-decides its poll interval.
  useStreamLive();
  const list = useQuery(jobQueries.list());

  if (list.isPending) return <FeedSkeleton />;
  if (list.isError && !list.data) {
    return <LoadError what="load jobs" error={list.error} onRetry={list.refetch} />;
  }

  const jobs = maxJobs === undefined ? list.data.jobs : list.data.jobs.slice(0, maxJobs);
  return (
    <div className="space-y-3">
      {list.isError ? (
        <ErrorBanner
          title="Showing the last jobs loaded"
          hint={`Refreshing failed: ${describeError(list.error).title}`}
        />
      ) : null}
      <JobCardList
        jobs={jobs}
        known={list.data.jobs}
        label={label}
        wide={maxJobs === undefined}
        onUsePrompt={onUsePrompt}
      />
      {jobs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-500">
          {emptyText}
        </p>
      ) : null}
    </div>
  );
}

export function FeedSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading jobs" className="grid gap-4">
      {[0, 1].map((i) => (
        <div
          key={i}
          className="h-48 animate-pulse rounded-lg border border-zinc-800 bg-zinc-900/60"
        />
      ))}
    </div>
  );
}
