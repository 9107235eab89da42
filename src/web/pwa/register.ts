import { whenIdle } from '../lib/lazy-component';

/**
 * Registers the service worker once the page has loaded and is first idle, from a chunk
 * of its own, so the first page's script carries none of it, and its install (which
 * fetches every file of the build to keep) does not compete with the first screen's
 * requests. Only a build has a worker (`vite build` writes /sw.js); the dev server and
 * tests run without one.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => whenIdle(() => void import('./worker').then((m) => m.startWorker()));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
