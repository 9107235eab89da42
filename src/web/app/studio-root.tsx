import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { lazyComponent } from '../lib/lazy-component';
import { UpdateRegion } from '../pwa/update-region';
import { App } from './app';
import { releaseDrawnScreen } from './first-screen';

// Offered only once a new build waits: a chunk of its own, after the first screen, its
// live region there meanwhile.
const UpdateOffer = lazyComponent(() => import('../pwa/update-offer').then((m) => m.UpdateOffer), {
  fallback: <UpdateRegion />,
  afterFirstScreen: true,
}).Component;

/**
 * Everything the page's root holds: what the browser renders (main.tsx) and what the
 * studio server draws the Create page's first screen from (`src/web/server`), one tree, so
 * that the browser's first render draws what the server drew.
 */
export function StudioRoot({ client }: { client: QueryClient }) {
  return (
    <StrictMode>
      <App client={client} />
      <UpdateOffer />
    </StrictMode>
  );
}

/**
 * The app renders in place of the first screen the server drew into `root`, from the same
 * data (the page's feed answer, read into `client`), in one go: the drawn markup is
 * replaced by the app's, alike, in one task, and the page is live. Rendered anew rather
 * than taken over (hydrated): one render, where a take-over renders again all that shows
 * only in the browser (a chunk already here, the idle moment), and it is not held to
 * match the server's markup node for node.
 */
export function renderOverDrawnScreen(root: HTMLElement, client: QueryClient) {
  const app = createRoot(root);
  flushSync(() => app.render(<StudioRoot client={client} />));
  releaseDrawnScreen(root);
  return app;
}
