import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot, type HydrationOptions } from 'react-dom/client';
import { lazyComponent } from '../lib/lazy-component';
import { UpdateRegion } from '../pwa/update-region';
import { App } from './app';
import { takeOver } from './first-screen';

// Offered only once a new build waits: a chunk of its own, after the first screen, its
// live region there meanwhile.
const UpdateOffer = lazyComponent(() => import('../pwa/update-offer').then((m) => m.UpdateOffer), {
  fallback: <UpdateRegion />,
  afterFirstScreen: true,
}).Component;

/**
 * Everything the page's root holds: what the browser renders (main.tsx) and what the
 * studio server draws the Create page's first screen from (`src/web/server`), one tree, so
 * the browser's first render matches the server's markup and takes it over as it is.
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
 * The app takes over the first screen the server drew into `root`, from the same data
 * (the page's feed answer, read into `client`): the markup stays, now live.
 */
export function hydrateDrawnScreen(
  root: HTMLElement,
  client: QueryClient,
  options?: HydrationOptions,
) {
  takeOver(root);
  return hydrateRoot(root, <StudioRoot client={client} />, options);
}
