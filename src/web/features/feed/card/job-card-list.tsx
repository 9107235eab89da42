import { startTransition, useEffect, useState } from 'react';
import type { Job } from '@/contract/studio-api';
import { cn } from '@/web/lib/cn';
import { rootIsDrawn } from '@/web/lib/drawn-root';
import { twoUpQuery } from '@/web/lib/two-up';
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

/**
 * The cards a list's first render draws where the window's size is not known, as when the
 * studio server draws the Create page's first screen: more than a tall screen holds. The
 * browser's render over a drawn screen draws as many, so no drawn card leaves meanwhile.
 */
const FIRST_CARDS_UNSIZED = 4;
/**
 * A card with images is 577–779 px tall and the Create page's feed begins 400–512 px down
 * the window (a phone's to a 1440p screen's), so the first screen holds
 * ceil((height − 400) / 560) rows of cards at most.
 */
const FEED_TOP_PX = 400;
const CARD_HEIGHT_PX = 560;

/** The cards the window can show at once: the list's first render draws no more. */
function cardsOnFirstScreen(wide: boolean): number {
  if (typeof window === 'undefined' || rootIsDrawn()) return FIRST_CARDS_UNSIZED;
  const rows = Math.max(1, Math.ceil((window.innerHeight - FEED_TOP_PX) / CARD_HEIGHT_PX));
  return rows * (wide && twoUpQuery().matches ? 2 : 1);
}

/**
 * How many of `total` cards to draw: those the window shows on the list's first render,
 * every one from the next, which React renders as a transition once the first has painted.
 * The first card waits neither for the cards below the window nor for up to 50 more.
 */
function useCardsDrawn(total: number, wide: boolean): number {
  const [first] = useState(() => cardsOnFirstScreen(wide));
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all ? total : Math.min(total, first);
}

/** Job cards as a feed, with the one image viewer they share. */
export function JobCardList({ jobs, known = jobs, label, wide, onUsePrompt }: JobCardListProps) {
  const viewing = useLightbox() !== null;
  const related = cardRelations(known);
  const drawn = useCardsDrawn(jobs.length, wide);
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
