import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SERVER_PATH_PATTERNS } from '@/contract/server-paths';
import { SKIP_WAITING } from './messages';

/**
 * The studio's service worker. It keeps the app's shell (index.html) and the build's
 * hashed files, listed by the build, so the studio opens without a network. It keeps
 * nothing else: no API answer, no media, no event stream, nothing a session guards
 * besides the shell itself; those always go to the network, and fail there when offline.
 */
/**
 * The worker's global scope, as much of it as this file uses: written out rather than
 * taken from TypeScript's `webworker` lib, which would retype the whole project's DOM
 * (the worker is typechecked with the rest of the browser code).
 */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
declare const self: {
  /** The build's list of files to keep, written in by vite-plugin-pwa. */
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
};

/**
 * A page opened or reloaded asks the studio first, so its answer stands while it can be
 * reached (a sign-in redirect, a new build); only when the network fails does the cached
 * shell answer, which then shows its offline state. The studio's own paths (the API,
 * media, sign-in) are never answered with the shell. Registered before the precache's
 * route so that `/` and `/index.html` are asked of the network first too.
 */
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (err) {
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
        throw err;
      }
    },
    { denylist: [...SERVER_PATH_PATTERNS] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new build waits until the page's "Reload" says to take over, never on its own.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
// The first worker takes the open page at once, so it works offline from its first load.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
