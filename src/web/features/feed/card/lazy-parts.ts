import { lazyComponent } from '@/web/lib/lazy-component';

/**
 * Parts of the feed that only an interaction shows (a form dialog, the image viewer, a menu's items):
 * chunks of their own, fetched when the browser is first idle, so the first page carries
 * only what it paints. Each has its own empty Suspense boundary for the rare click that
 * comes before its chunk.
 */
export const LazyActionDialogs = lazyComponent(
  () => import('../actions/action-dialogs').then((m) => m.ActionDialogs),
  { fallback: null },
);

export const LazyLightbox = lazyComponent(
  () => import('../viewer/lightbox').then((m) => m.Lightbox),
  {
    fallback: null,
  },
);

export const LazyImageMenuItems = lazyComponent(
  () => import('../actions/image-menu-items').then((m) => m.ImageMenuItems),
  { fallback: null },
);

/**
 * What a card of a create not yet sent (queued) or of unknown outcome adds: rarer than a
 * running or finished job's card, so a chunk of their own, fetched when idle.
 */
export const LazyQueuedCreate = lazyComponent(
  () => import('./queued-create').then((m) => m.QueuedCreate),
  { fallback: null },
);

export const LazyUnknownCreate = lazyComponent(
  () => import('./unknown-create').then((m) => m.UnknownCreate),
  { fallback: null },
);
