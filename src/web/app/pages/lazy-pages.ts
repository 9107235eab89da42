import type { ComponentType } from 'react';
import { createElement, lazy } from 'react';
import type { Route } from '../router';
import { CreatePage } from './create-page';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Create is the first page almost everyone opens, so it ships in the entry chunk; the
 * others are chunks of their own, fetched on navigation or ahead of it (see prefetchPage).
 */
const LOADERS: Record<Exclude<Route, 'create'>, () => PageModule> = {
  tools: () => import('./tools-page').then((m) => ({ default: m.ToolsPage })),
  library: () => import('./library-page').then((m) => ({ default: m.LibraryPage })),
  account: () => import('./account-page').then((m) => ({ default: m.AccountPage })),
  job: () => import('./job-page').then((m) => ({ default: m.JobPage })),
};

const started = new Map<Route, PageModule>();
/** Pages whose module has loaded: they render without suspending. */
const ready = new Map<Route, ComponentType>();

/** One import per page, however often it is asked for (hover, idle, navigation). */
function load(route: Exclude<Route, 'create'>): PageModule {
  const existing = started.get(route);
  if (existing) return existing;
  const pending = LOADERS[route]();
  // A failed fetch (offline, new deploy) may be tried again on the next navigation.
  pending.then((m) => ready.set(route, m.default)).catch(() => started.delete(route));
  started.set(route, pending);
  return pending;
}

/**
 * A page: its own component once its chunk has loaded (prefetched while the browser was
 * idle, or on hover), React.lazy before that. A lazy page suspends on its first render
 * even when its chunk is there, and React reveals suspended content no sooner than 300 ms
 * after the fallback: every first visit to a page would wait that long for nothing.
 */
function lazyPage(route: Exclude<Route, 'create'>): ComponentType {
  const Lazy = lazy(() => load(route));
  return function Page() {
    return createElement(ready.get(route) ?? Lazy);
  };
}

export const PAGES: Record<Route, ComponentType> = {
  create: CreatePage,
  tools: lazyPage('tools'),
  library: lazyPage('library'),
  account: lazyPage('account'),
  job: lazyPage('job'),
};

/** Starts fetching a page's chunk before it is shown (a hovered or focused link). */
export function prefetchPage(route: Route): void {
  if (route !== 'create') void load(route).catch(() => undefined);
}

/** Fetches every other page once the browser is idle, so navigation rarely waits. */
export function prefetchPagesWhenIdle(): () => void {
  const run = () => {
    for (const route of Object.keys(LOADERS) as Exclude<Route, 'create'>[]) prefetchPage(route);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 2000);
  return () => window.clearTimeout(id);
}
