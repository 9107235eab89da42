import { startTransition, useEffect, useState } from 'react';

/** Cards mounted with the results: more than a tall window shows. */
const FIRST = 6;
/** Cards added in each background step after them: few, so each commit is short. */
const STEP = 3;

/**
 * How many of a list's cards to mount now. A job card is heavy (its media, actions and
 * menus): 50 mounted at once hold the main thread ~400 ms after a search answers. The
 * first screen is mounted with the results; the rest follow a few at a time in
 * transitions, which a keystroke or a click interrupts. A new list starts again; cards
 * already mounted stay when the list grows, refreshes or gets a new job on top.
 */
export function useMountedCount(jobs: readonly { id: string }[]): number {
  const head = jobs[0]?.id ?? null;
  const [state, setState] = useState({ head, count: FIRST });
  let count = state.count;
  if (state.head !== head) {
    const before = state.head === null ? -1 : jobs.findIndex((j) => j.id === state.head);
    count = before < 0 ? FIRST : state.count + before;
    setState({ head, count });
  }
  const more = count < jobs.length;
  useEffect(() => {
    if (!more) return;
    startTransition(() => setState((s) => ({ ...s, count: s.count + STEP })));
  }, [more, count]);
  return Math.min(count, jobs.length);
}
