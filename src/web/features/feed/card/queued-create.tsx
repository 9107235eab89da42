import type { Job } from '@/contract/studio-api';
import { lazyComponent } from '@/web/lib/lazy-component';

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Its buttons: a chunk of their own, as only a queued job the person may change shows them. */
const LazyQueueControls = lazyComponent(
  () => import('./queue-controls').then((m) => m.QueueControls),
  { fallback: null },
);

interface QueuedCreateProps {
  job: Job;
  /** Whether the person signed in may move and cancel it (its maker, an admin or an owner). */
  mayChange: boolean;
}

/**
 * A create that waits in the studio's queue, not yet sent to the image service: its place
 * in line, counting down as the ones ahead are sent, and nothing charged.
 */
export function QueuedCreate({ job, mayChange }: QueuedCreateProps) {
  const place = job.queued?.place ?? 0;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-zinc-700 bg-zinc-800/50 px-3 py-2 text-sm">
      <p className="min-w-0 flex-1 text-zinc-200" data-testid="queued-place" aria-live="polite">
        Queued · {ordinal(place)} in line
      </p>
      {mayChange ? <LazyQueueControls.Component id={job.id} place={place} /> : null}
    </div>
  );
}
