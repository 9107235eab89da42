import type { Job } from '../../../../contract/studio-api';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { describeError } from '../../../lib/describe-error';
import { useCreateJob } from '../hooks/use-create-job';
import { usePendingUpscales } from '../hooks/use-pending-upscales';
import { upscaleIndexes } from '../utils/job-view';

/**
 * U1–U4, one per index the server lists in `actions.upscale`. Other actions the service
 * offers (variation, pan, …) are left out until the studio supports them.
 */
export function UpscaleActions({ job }: { job: Job }) {
  const indexes = upscaleIndexes(job);
  const create = useCreateJob();
  const pending = usePendingUpscales(job.id);
  if (indexes.length === 0) return null;

  const upscale = (imageNo: number) =>
    create.submit({ operation: 'upscale', parentId: job.id, params: { imageNo, type: 0 } });
  const error = create.error ? describeError(create.error) : null;

  return (
    <div className="space-y-2">
      <div role="group" aria-label="Upscale" className="flex flex-wrap gap-1.5">
        {indexes.map((i) => (
          <Button
            key={i}
            size="sm"
            title={`Upscale image ${i + 1}`}
            onClick={() => upscale(i)}
            disabled={pending.includes(i)}
            aria-busy={pending.includes(i)}
            className="min-w-10 font-mono"
          >
            U{i + 1}
          </Button>
        ))}
      </div>
      {error ? <ErrorBanner title={error.title} hint={error.hint} /> : null}
    </div>
  );
}
