import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/web/components/ui/request-error';
import { jobQueries } from '@/web/jobs/api/job-queries';
import { JobCardList } from '../feed';
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
    return <LoadError what="load this job" error={job.error} onRetry={job.refetch} />;
  }
  return (
    <div className="space-y-6">
      <JobCardList jobs={[job.data]} label="Job" wide={false} onUsePrompt={onUsePrompt} />
      <LineageView id={id} />
    </div>
  );
}
