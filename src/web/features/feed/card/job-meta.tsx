import type { Job } from '@/contract/studio-api';
import { formatDateTime, formatRelativeTime } from '@/web/lib/format';
import { useAfterFirstScreen } from '@/web/lib/lazy-component';
import { useNow } from '@/web/lib/use-now';
import { costLabel, isRunning } from '@/web/jobs/utils/job-view';

export function JobMeta({ job }: { job: Job }) {
  const now = useNow();
  // The exact time on hover, from the page's first idle moment: its formatter is the
  // page's first use of `Intl`, about 100 ms with the CPU throttled 4× (lib/format.ts).
  const exact = useAfterFirstScreen();
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-500">
      <time dateTime={job.createdAt} title={exact ? formatDateTime(job.createdAt) : undefined}>
        {formatRelativeTime(job.createdAt, now)}
      </time>
      <span aria-hidden="true">·</span>
      {job.maker ? (
        <>
          <span data-testid="job-maker">by {job.maker.name}</span>
          <span aria-hidden="true">·</span>
        </>
      ) : null}
      <span
        title={isRunning(job) ? 'Reserved until the job finishes' : 'Cost'}
        data-testid="job-cost"
      >
        {costLabel(job)}
      </span>
    </p>
  );
}
