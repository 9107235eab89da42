import type { ComponentType, ReactNode } from 'react';
import { Suspense, createElement, lazy } from 'react';

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

/**
 * `fallback` gives the component a Suspense boundary of its own, shown while its chunk is
 * still on its way: a dialog opened before the chunk came must not blank the page around
 * it (the nearest boundary would otherwise be the page's). Pages have none: the app's
 * boundary shows "Loading…" in their place. A function of the props is called with them,
 * for a fallback that looks like what comes (a placeholder in the header).
 */
export function lazyComponent<P extends object>(
  loader: () => Promise<ComponentType<P>>,
  options: { fallback?: ReactNode | ((props: P) => ReactNode) } = {},
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
  // first render even then, and an update from a click renders at once, so it shows the
  // fallback, and React reveals suspended content no sooner than 300 ms after a fallback:
  // a prefetched dialog would open late.
  function Component(props: P) {
    if (ready) return createElement(ready, props);
    const lazyElement = createElement(Lazy, props);
    if (!('fallback' in options)) return lazyElement;
    const { fallback } = options;
    return createElement(
      Suspense,
      { fallback: typeof fallback === 'function' ? fallback(props) : fallback },
      lazyElement,
    );
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
