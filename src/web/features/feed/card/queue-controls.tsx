import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import { RequestError } from '@/web/components/ui/request-error';
import { applyJobChanged } from '@/web/jobs/api/job-events';
import { requestJson } from '@/web/lib/http';
import { useDismissJob } from './use-dismiss-job';

/** Moves a queued job to `place` (1 is next in line; past the end is the end). */
async function moveJob({ id, place }: { id: string; place: number }) {
  const { job } = await requestJson(`/studio-api/jobs/${encodeURIComponent(id)}/place`, 'job', {
    method: 'PUT',
    body: { place },
  });
  return job;
}

/** To the top, up, down and cancel, for a queued job the person may change. */
export function QueueControls({ id, place }: { id: string; place: number }) {
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: moveJob,
    onSuccess: (job) => applyJobChanged(client, job),
  });
  const cancel = useDismissJob(id);
  const busy = move.isPending || cancel.pending;
  const to = (p: number) => () => move.mutate({ id, place: p });
  return (
    <>
      <div className="flex flex-wrap gap-1">
        <Button size="sm" variant="ghost" onClick={to(1)} disabled={busy || place <= 1}>
          To the top
        </Button>
        <Button size="sm" variant="ghost" onClick={to(place - 1)} disabled={busy || place <= 1}>
          Move up
        </Button>
        <Button size="sm" variant="ghost" onClick={to(place + 1)} disabled={busy}>
          Move down
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={cancel.dismiss}
          disabled={busy}
          title="Remove it from the queue: it is never sent, nothing is charged"
        >
          Cancel
        </Button>
      </div>
      {move.error ? <RequestError error={move.error} onDismiss={move.reset} /> : null}
      {cancel.error ? <RequestError error={cancel.error} onDismiss={cancel.reset} /> : null}
    </>
  );
}
