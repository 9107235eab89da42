import type { ComponentType, ReactNode } from 'react';
import { createElement, lazy, useEffect, useState } from 'react';

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

type Loaded<P> = { component: ComponentType<P> } | { error: unknown };

/**
 * `fallback` is shown in the component's place while its chunk is still on its way (a
 * function of the props is called with them, for a fallback that looks like what comes: a
 * placeholder in the header), and the component replaces it when the chunk comes, as any
 * state change would. It does not suspend: a Suspense boundary would make React reveal
 * the component no sooner than 300 ms after its fallback, and hold back with it whatever
 * else waits on suspended content (the first page's feed, a dialog opened before its chunk
 * came). A failed fetch goes to the error boundary, as a render error would.
 *
 * Pages have no fallback of their own: they suspend, and the app's boundary shows
 * "Loading…" in their place.
 */
export function lazyComponent<P extends object>(
  loader: () => Promise<ComponentType<P>>,
  options: {
    fallback?: ReactNode | ((props: P) => ReactNode);
    /**
     * Shown on the first screen but not what it is for (the balance, the announcer, a
     * card's menu): its chunk waits for the page's first idle moment even when it renders
     * before then, so its fetch and its first render do not hold back the job cards.
     */
    afterFirstScreen?: boolean;
  } = {},
): LazyComponent<P> {
  let ready: ComponentType<P> | null = null;
  const load = loadOnce(() =>
    loader().then((c) => {
      ready = c;
      return { default: c };
    }),
  );
  const prefetch = () => {
    void load().catch(() => undefined);
  };
  if (typeof window !== 'undefined') whenIdle(prefetch);

  if (!('fallback' in options)) {
    const Lazy = lazy(load);
    // Once its chunk is there the page renders directly: React.lazy suspends on its first
    // render even then.
    const Page = (props: P) => createElement(ready ?? Lazy, props);
    return { Component: Page, prefetch };
  }

  const { fallback, afterFirstScreen = false } = options;
  const start = () => (afterFirstScreen ? firstIdle().then(load) : load());
  function Component(props: P) {
    const [loaded, setLoaded] = useState<Loaded<P> | null>(() =>
      ready ? { component: ready } : null,
    );
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        (m) => {
          if (live) setLoaded({ component: m.default });
        },
        (error: unknown) => {
          if (live) setLoaded({ error });
        },
      );
      return () => {
        live = false;
      };
    }, [loaded]);
    if (loaded && 'error' in loaded) throw loaded.error;
    if (loaded) return createElement(loaded.component, props);
    return typeof fallback === 'function' ? fallback(props) : fallback;
  }
  return { Component, prefetch };
}

/**
 * `load` run once and its promise shared; a failed load (offline, a new deploy) is
 * forgotten, so the next need tries again. For a chunk fetched with import().
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending) return pending;
    const started = load();
    started.catch(() => {
      pending = null;
    });
    pending = started;
    return started;
  };
}

let pageIdle: Promise<void> | null = null;
let pageWasIdle = false;
/** Resolves at the page's first idle moment (`whenIdle`), once asked for. */
const firstIdle = (): Promise<void> =>
  (pageIdle ??= new Promise((resolve) =>
    whenIdle(() => {
      pageWasIdle = true;
      resolve();
    }),
  ));

/**
 * False until the page's first idle moment, then true, and true at once for what mounts
 * after it: for what the first screen can do without, such as a card's exact time, whose
 * `Intl` formatter would make the first screen load the browser's locale data.
 */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(pageWasIdle);
  useEffect(() => {
    if (after) return;
    let mounted = true;
    void firstIdle().then(() => mounted && setAfter(true));
    return () => {
      mounted = false;
    };
  }, [after]);
  return after;
}

/** Runs `fn` once the browser is first idle: in 5 s at the latest, or after 2 s where it cannot say. */
export function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(fn, { timeout: 5000 });
  } else {
    window.setTimeout(fn, 2000);
  }
}
