import type { ComponentType } from 'react';
import { createElement, lazy } from 'react';

/**
 * A component whose code is a chunk of its own, so the first page does not carry it:
 * fetched once, when the browser is first idle after the page loads (or sooner, by
 * `prefetch` or a first render), so it is almost always there before it is needed.
 */
export interface LazyComponent<P extends object> {
  Component: ComponentType<P>;
  /** Starts fetching the chunk; a failed fetch may be tried again later. */
  prefetch: () => void;
}

export function lazyComponent<P extends object>(
  loader: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  let ready: ComponentType<P> | null = null;
  const load = () => {
    if (pending) return pending;
    const started = loader().then((c) => {
      ready = c;
      return { default: c };
    });
    // A failed fetch (offline, a new deploy) may be tried again on the next need.
    started.catch(() => {
      pending = null;
    });
    pending = started;
    return started;
  };
  const Lazy = lazy(load);
  // Once its chunk is there the component renders directly: React.lazy suspends on its
  // first render even then, and React reveals suspended content no sooner than 300 ms
  // after the fallback, so a prefetched dialog would still open late.
  function Component(props: P) {
    return createElement(ready ?? Lazy, props);
  }
  const prefetch = () => {
    void load().catch(() => undefined);
  };
  if (typeof window !== 'undefined') whenIdle(prefetch);
  return { Component, prefetch };
}

/** Runs `fn` once the browser is idle (or after 2 s where it cannot say). */
function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(fn, { timeout: 5000 });
  } else {
    window.setTimeout(fn, 2000);
  }
}
