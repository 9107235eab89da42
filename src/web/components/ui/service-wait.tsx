import { useUpstreamStatus } from '@/web/lib/events/upstream-store';

/**
 * Under a running job while the studio cannot reach the image service: the job is not
 * stuck in "processing", it waits, and carries on by itself once the service answers.
 */
export function ServiceWait() {
  const { reachable } = useUpstreamStatus();
  if (reachable) return null;
  return (
    <p role="status" className="text-sm text-amber-300">
      Waiting for the image service: the studio cannot reach it right now. This job carries on when
      it answers again.
    </p>
  );
}
