import { Workbox } from 'workbox-window';
import { offerUpdate } from './update-store';

/**
 * Registers /sw.js and offers each new build it finds waiting, whether found now or while
 * the page stays open (the browser checks on navigations; `registration.update()` asks at
 * once). Accepting tells that worker to take over, then reloads once it controls the page:
 * the page never reloads unasked.
 */
export async function startWorker(): Promise<void> {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    offerUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
        once: true,
      });
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
}
