import { useSyncExternalStore } from 'react';

// One shared clock for every relative time on the page, instead of a timer per card.
const TICK_MS = 15_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer) return unsubscribe(listener);
  // The clock was stopped while nothing showed a time; start from the real now.
  now = Date.now();
  timer = setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, TICK_MS);
  return unsubscribe(listener);
}

const unsubscribe = (listener: () => void) => (): void => {
  listeners.delete(listener);
  if (listeners.size === 0 && timer) {
    clearInterval(timer);
    timer = undefined;
  }
};

/**
 * The time a page drawn on the server was drawn at: the clock its relative times are
 * written by (the browser reads its own).
 */
let drawnAt: number | null = null;

/** Sets the drawn page's clock, on the server before each drawing. */
export function setDrawnAt(ms: number): void {
  drawnAt = ms;
}

/** The current time in ms, refreshed every 15 s; enough for "3 min ago". */
export const useNow = (): number =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => drawnAt ?? now,
  );
