import { useQuery } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { describeError } from '@/web/lib/describe-error';
import { jobQueries } from '../api/job-queries';
import { JobCardList } from './job-card-list';
import { LineageView } from './lineage-view';

interface JobDetailProps {
  id: string;
  onUsePrompt?: (prompt: string) => void;
}

/** One job's card on its own (a link from the account page), kept current by job events. */
export function JobDetail({ id, onUsePrompt }: JobDetailProps) {
  const job = useQuery(jobQueries.detail(id));
  if (job.isPending) {
    return <div aria-busy="true" className="h-64 animate-pulse rounded-lg bg-zinc-900" />;
  }
  if (job.isError) {
    const { title, hint } = describeError(job.error);
    return (
      <ErrorBanner
        title={`Could not load this job: ${title}`}
        hint={hint}
        action={
          <Button size="sm" onClick={() => void job.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  return (
    <div className="space-y-6">
      <JobCardList jobs={[job.data]} label="Job" wide={false} onUsePrompt={onUsePrompt} />
      <LineageView id={id} />
    </div>
  );
}
