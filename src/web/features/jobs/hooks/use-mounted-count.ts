import { startTransition, useEffect, useRef, useState } from 'react';
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
  const [mounted, setMounted] = useState<ReadonlySet<string>>(() => new Set());
  const count = cardsToDraw(jobs, mounted, BATCH);
  // Which jobs, not their objects: a running job's progress does not make a new list.
  const ids = jobs.map((j) => j.id).join(' ');
  const changed = useRef({ ids, at: -Infinity });
  useEffect(() => {
    if (changed.current.ids !== ids) changed.current = { ids, at: performance.now() };
    const drawn = jobs.slice(0, count);
    const same = drawn.length === mounted.size && drawn.every((j) => mounted.has(j.id));
    // Not the same only while cards remain to draw or the list changed (see cardsToDraw).
    if (same) return;
    const wait = Math.max(0, changed.current.at + SETTLE_MS - performance.now());
    const timer = setTimeout(
      () => startTransition(() => setMounted(new Set(drawn.map((j) => j.id)))),
      wait,
    );
    return () => clearTimeout(timer);
  }, [jobs, ids, count, mounted]);
  return count;
}
