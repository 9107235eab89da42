import { startTransition, useEffect, useState } from 'react';
import { cardsToDraw } from '../utils/cards-to-draw';

/** Cards mounted in one go (more than a tall window shows), with a list or after it. */
const BATCH = 4;
/** The rest of a new list waits this long, so typing a search meets no mounting cards. */
const SETTLE_MS = 250;

/**
 * How many of a list's cards to draw now. A job card is heavy (its media, actions and
 * menus): 50 mounted at once hold the main thread ~400 ms after a search answers. A new
 * list mounts at most a few new cards with its results (cards it shares with the list
 * before stay); the rest follow a few at a time in transitions, once the list has stayed
 * the same a moment (no keystroke since). So a new job on top of the feed mounts one
 * card, not the whole feed.
 */
export function useMountedCount(jobs: readonly { id: string }[]): number {
  // Ids joined: a running job's progress (a new object) does not make a new list.
  const [mounted, setMounted] = useState('');
  const count = cardsToDraw(jobs, new Set(mounted.split(' ')), BATCH);
  const drawn = jobs
    .slice(0, count)
    .map((j) => j.id)
    .join(' ');
  useEffect(() => {
    // Unlike only while cards remain to draw or the list changed (see cardsToDraw).
    if (drawn === mounted) return;
    // More cards of the same list follow at once; a changed list waits for a pause.
    const wait = drawn.startsWith(mounted) ? 0 : SETTLE_MS;
    const timer = setTimeout(() => startTransition(() => setMounted(drawn)), wait);
    return () => clearTimeout(timer);
  }, [drawn, mounted]);
  return count;
}
