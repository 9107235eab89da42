import { useQuery } from '@tanstack/react-query';
import type { Job } from '../../../../contract/studio-api';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { describeError } from '../../../lib/describe-error';
import { jobQueries } from '../api/job-queries';
import { JobCard } from './job-card';
import { Lightbox } from './lightbox';

interface JobFeedProps {
  /** Shown when there are no jobs yet; each page says what to do next. */
  emptyText?: string;
}

/** The jobs, newest first, polled while any is still running (see jobQueries.list). */
export function JobFeed({ emptyText = 'No jobs yet.' }: JobFeedProps) {
  const list = useQuery(jobQueries.list());

  if (list.isPending) return <FeedSkeleton />;
  if (list.isError && !list.data) {
    const { title, hint } = describeError(list.error);
    return (
      <ErrorBanner
        title={`Could not load jobs: ${title}`}
        hint={hint}
        action={
          <Button size="sm" onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }

  const { jobs } = list.data;
  const byId = new Map<string, Job>(jobs.map((j) => [j.id, j]));
  return (
    <div className="space-y-3">
      {list.isError ? (
        <ErrorBanner
          title="Showing the last jobs loaded"
          hint={`Refreshing failed: ${describeError(list.error).title}`}
        />
      ) : null}
      <div role="feed" aria-label="Jobs" className="grid grid-cols-1 gap-4 2xl:grid-cols-2">
        {jobs.map((job) => (
          <JobCard
            key={job.id}
            job={job}
            parent={job.parentId ? byId.get(job.parentId) : undefined}
          />
        ))}
      </div>
      {jobs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-500">
          {emptyText}
        </p>
      ) : null}
      <Lightbox jobs={jobs} />
    </div>
  );
}

function FeedSkeleton() {
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
