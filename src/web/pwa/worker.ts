import { SKIP_WAITING } from './messages';
import { offerUpdate } from './update-store';

/**
 * Registers /sw.js and offers every new build that waits, found now or while the page
 * stays open (the browser checks on navigations and now and then; `registration.update()`
 * asks at once). Accepting tells the waiting worker to take over, then reloads once it
 * controls the page: the page never reloads unasked. The first worker of a browser
 * offers nothing: it takes the page at once, as nothing ran before it.
 */
export async function startWorker(): Promise<void> {
  const sw = navigator.serviceWorker;
  // A browser that refuses workers (a policy, a private window) gives none, and so does
  // a test driver that blocks them: the studio works without one, only not offline.
  const registration = await sw.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (!registration) return;
  const offerWaiting = () => {
    if (!registration.waiting || !sw.controller) return;
    offerUpdate(() => {
      sw.addEventListener('controllerchange', () => location.reload(), { once: true });
      registration.waiting?.postMessage({ type: SKIP_WAITING });
    });
  };
  offerWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerWaiting();
    });
  });
}
