import { useSyncExternalStore } from 'react';

const ROUTES = ['create', 'tools', 'library', 'account', 'job'] as const;
export type Route = (typeof ROUTES)[number];

export const routeHref = (route: Route): string => `#/${route}`;

/** One job's card on a page of its own. */
export const jobHref = (id: string): string =>
  `${routeHref('job')}?${new URLSearchParams({ id }).toString()}`;

/** `#/library?q=lig` → `q=lig`: a page's own state, kept in the URL (reload, back). */
export function searchFromHash(hash: string): string {
  const at = hash.indexOf('?');
  return at === -1 ? '' : hash.slice(at + 1);
}

/** `#/library` → library; anything unknown (or no hash) is the create page. */
export function routeFromHash(hash: string): Route {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return ROUTES.find((r) => r === name) ?? 'create';
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * The hash is the router's state: links are plain <a href="#/…">, back and forward work,
 * and the server needs no fallback route for the SPA.
 */
export const useRoute = (): Route =>
  useSyncExternalStore(
    subscribe,
    () => routeFromHash(window.location.hash),
    () => 'create',
  );

/** The current page's state from the URL (see searchFromHash). */
export const useRouteSearch = (): string =>
  useSyncExternalStore(
    subscribe,
    () => searchFromHash(window.location.hash),
    () => '',
  );

/**
 * Writes a page's state into the URL in place of the current history entry: Back leaves
 * the page instead of stepping through every keystroke, and a reload or a return to the
 * entry restores it. A fragment-only `location.replace` fires `hashchange`, as a link does.
 */
export function replaceRouteSearch(route: Route, search: string): void {
  const hash = search === '' ? routeHref(route) : `${routeHref(route)}?${search}`;
  if (window.location.hash !== hash) window.location.replace(hash);
}
