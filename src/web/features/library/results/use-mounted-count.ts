import { startTransition, useCallback, useState } from 'react';
import { drawMore, drawnFor, NOTHING_DRAWN } from './cards-to-draw';

/**
 * New cards mounted with a new list: one grid card is taller than most windows show (the
 * sentinel draws more at once where it is not), and each new card's thumbnails are bytes
 * and decodes the next keystroke waits behind (two measured p95 ~170 ms where one measured
 * ~100 in the same minutes).
 */
const FIRST = 1;
/** Cards mounted each time more are asked for (the sentinel, focus, Load more). */
const MORE = 2;

export interface MountedCards {
  /** How many of the list's first cards to draw. */
  count: number;
  /**
   * Draws the next few: `urgent` in this event (focus reached the last card, so Tab meets
   * the next), else in a transition (the end of the cards nears the window).
   */
  more: (urgent: boolean) => void;
}

/**
 * How many of a list's cards to draw. A job card is heavy (its media, actions and menus):
 * 50 mounted at once hold the main thread ~400 ms after a search answers, and every card
 * mounted fetches and decodes its thumbnails on the cores the next keystroke needs. A new
 * list mounts the cards it shares with the list before and at most a few new ones; the
 * rest only as the user comes near them (`more`), so a search mounts one screen of cards
 * and a new job on top of the list one card. `wanted` (a lineage link's target) is drawn
 * with every card above it.
 */
export function useMountedCount(
  jobs: readonly { id: string }[],
  wanted: string | null,
): MountedCards {
  const [drawn, setDrawn] = useState(NOTHING_DRAWN);
  const at = wanted === null ? -1 : jobs.findIndex((j) => j.id === wanted);
  const next = drawMore(drawnFor(drawn, jobs, FIRST, MORE), at + 1);
  // Kept with this render (React's pattern for state derived from the props before).
  if (next !== drawn) setDrawn(next);
  const { ids } = next;
  const more = useCallback(
    (urgent: boolean) => {
      const grow = () => setDrawn((d) => (d.ids === ids ? drawMore(d, d.count + MORE) : d));
      if (urgent) grow();
      else startTransition(grow);
    },
    [ids],
  );
  return { count: next.count, more };
}
