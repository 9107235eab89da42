import type { Job } from '@/contract/studio-api';
import { cn } from '@/web/lib/cn';
import { JobCard } from './job-card';
import { useLightbox } from '../viewer/lightbox-store';
import { LazyLightbox } from './lazy-parts';

export interface JobCardListProps {
  jobs: readonly Job[];
  /** Where a follow-up's parent is looked up: the jobs shown, or more in a compact feed. */
  known?: readonly Job[];
  /** The feed's accessible name. */
  label: string;
  /** Two columns on very wide screens; a compact feed beside a form keeps one. */
  wide: boolean;
  /** Results are being replaced (a new search): shown dimmed and marked busy. */
  busy?: boolean;
  onUsePrompt: ((prompt: string) => void) | undefined;
  /** How many of the jobs to draw now (the library's: `progressive-card-list.tsx`); all if unset. */
  drawn?: number;
}

/** Job cards as a feed, with the one image viewer they share. */
export function JobCardList({
  jobs,
  known = jobs,
  label,
  wide,
  busy = false,
  onUsePrompt,
  drawn,
}: JobCardListProps) {
  const viewing = useLightbox() !== null;
  const byId = new Map<string, Job>(known.map((j) => [j.id, j]));
  const followUps = new Map<string, number>();
  for (const j of known)
    if (j.parentId) followUps.set(j.parentId, (followUps.get(j.parentId) ?? 0) + 1);
  return (
    <>
      <div
        role="feed"
        aria-label={label}
        aria-busy={busy}
        className={cn(
          'grid grid-cols-1 gap-4 transition-opacity',
          wide && '2xl:grid-cols-2',
          // Dimmed only when a new search is slow to answer (see gallery-grid.tsx).
          busy && 'opacity-60 delay-200',
        )}
      >
        {jobs.slice(0, drawn).map((job) => (
          <JobCard
            key={job.id}
            job={job}
            parent={job.parentId ? byId.get(job.parentId) : undefined}
            followUps={followUps.get(job.id) ?? 0}
            onUsePrompt={onUsePrompt}
          />
        ))}
      </div>
      {viewing ? <LazyLightbox.Component jobs={jobs} /> : null}
    </>
  );
}
