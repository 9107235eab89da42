import { useSyncExternalStore } from 'react';

export const ROUTES = [
  'create',
  'tools',
  'library',
  'collections',
  'account',
  'people',
  'job',
] as const;
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

/** Told of a URL written in place (see replaceRouteSearch), which fires no `hashchange`. */
const replaced = new Set<() => void>();

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  replaced.add(onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    replaced.delete(onChange);
  };
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
 * entry restores it. The page hears of it at once, in the same event (a keystroke's search
 * starts with it), rather than on a `hashchange` queued after it.
 */
export function replaceRouteSearch(route: Route, search: string): void {
  const hash = search === '' ? routeHref(route) : `${routeHref(route)}?${search}`;
  if (window.location.hash === hash) return;
  window.history.replaceState(window.history.state, '', hash);
  for (const onChange of [...replaced]) onChange();
}

/** `#/collections/abc?x=1` → `abc`: what follows the page's name in the path, if anything. */
export function pathRestFromHash(hash: string): string {
  const path = hash.replace(/^#\/?/, '').split('?')[0] ?? '';
  const at = path.indexOf('/');
  if (at === -1) return '';
  const rest = path.slice(at + 1);
  try {
    return decodeURIComponent(rest);
  } catch {
    // A malformed escape: as typed (the studio answers it as an unknown id).
    return rest;
  }
}

/** The current page's path after its name (see pathRestFromHash). */
export const useRoutePathRest = (): string =>
  useSyncExternalStore(
    subscribe,
    () => pathRestFromHash(window.location.hash),
    () => '',
  );
