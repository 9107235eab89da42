import type { ComponentType } from 'react';
import { lazyComponent } from '@/web/lib/lazy-component';
import type { Route } from '../router';
import { CreatePage } from './create-page';

/**
 * Create is the first page almost everyone opens, so it ships in the entry chunk; the
 * others are chunks of their own, fetched when the browser is first idle, on hover or
 * focus of their link (see prefetchPage), or on navigation.
 */
const CHUNKS = {
  tools: lazyComponent(() => import('./tools-page').then((m) => m.ToolsPage)),
  library: lazyComponent(() => import('./library-page').then((m) => m.LibraryPage)),
  account: lazyComponent(() => import('./account-page').then((m) => m.AccountPage)),
  people: lazyComponent(() => import('./people-page').then((m) => m.PeoplePage)),
  collections: lazyComponent(() => import('./collections-page').then((m) => m.CollectionsPage)),
  job: lazyComponent(() => import('./job-page').then((m) => m.JobPage)),
};

export const PAGES: Record<Route, ComponentType> = {
  create: CreatePage,
  tools: CHUNKS.tools.Component,
  library: CHUNKS.library.Component,
  account: CHUNKS.account.Component,
  people: CHUNKS.people.Component,
  collections: CHUNKS.collections.Component,
  job: CHUNKS.job.Component,
};

/** Starts fetching a page's chunk before it is shown (a hovered or focused link). */
export function prefetchPage(route: Route): void {
  if (route !== 'create') CHUNKS[route].prefetch();
}
