import { useSyncExternalStore } from 'react';

const ROUTES = ['create', 'tools', 'library', 'account'] as const;
export type Route = (typeof ROUTES)[number];

export const routeHref = (route: Route): string => `#/${route}`;

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
