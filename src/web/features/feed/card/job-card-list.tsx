import { startTransition, useEffect, useState } from 'react';
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
  onUsePrompt: ((prompt: string) => void) | undefined;
}

/** A job's card's parent, when the list knows it, and how many follow-ups of it it holds. */
export function cardRelations(known: readonly Job[]) {
  const byId = new Map<string, Job>(known.map((j) => [j.id, j]));
  const followUps = new Map<string, number>();
  for (const j of known)
    if (j.parentId) followUps.set(j.parentId, (followUps.get(j.parentId) ?? 0) + 1);
  return (job: Job) => ({
    parent: job.parentId ? byId.get(job.parentId) : undefined,
    followUps: followUps.get(job.id) ?? 0,
  });
}

/** The cards a list's first render draws: more than a tall screen holds. */
const FIRST_CARDS = 4;

/**
 * How many of `total` cards to draw: a screenful on the list's first render, every one
 * from the next, which React renders as a transition once the first has painted. The
 * first screen does not wait for up to 50 cards below it.
 */
function useCardsDrawn(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all ? total : Math.min(total, FIRST_CARDS);
}

/** Job cards as a feed, with the one image viewer they share. */
export function JobCardList({ jobs, known = jobs, label, wide, onUsePrompt }: JobCardListProps) {
  const viewing = useLightbox() !== null;
  const related = cardRelations(known);
  const drawn = useCardsDrawn(jobs.length);
  return (
    <>
      <div
        role="feed"
        aria-label={label}
        className={cn('grid grid-cols-1 gap-4', wide && '2xl:grid-cols-2')}
      >
        {jobs.slice(0, drawn).map((job) => (
          <JobCard key={job.id} job={job} {...related(job)} onUsePrompt={onUsePrompt} />
        ))}
      </div>
      {viewing ? <LazyLightbox.Component jobs={jobs} /> : null}
    </>
  );
}
