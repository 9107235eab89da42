import type { ComponentType } from 'react';
import { lazy } from 'react';
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

/** One import per page, however often it is asked for (hover, idle, navigation). */
function load(route: Exclude<Route, 'create'>): PageModule {
  const existing = started.get(route);
  if (existing) return existing;
  const pending = LOADERS[route]();
  // A failed fetch (offline, new deploy) may be tried again on the next navigation.
  pending.catch(() => started.delete(route));
  started.set(route, pending);
  return pending;
}

export const PAGES: Record<Route, ComponentType> = {
  create: CreatePage,
  tools: lazy(() => load('tools')),
  library: lazy(() => load('library')),
  account: lazy(() => load('account')),
  job: lazy(() => load('job')),
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
