import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { jobQueries } from '../jobs/api/job-queries';
import { createQueryClient } from './query-client';
import { routeFromHash } from './router';
import { useStudioEvents } from './use-studio-events';

export interface StartedClient {
  client: QueryClient;
  /** Settles once what the first screen shows has been read, or failed to be. */
  firstScreen: Promise<void>;
}

/**
 * A new data client. On the Create page the feed is what the first screen waits for: its
 * request is made as the client is, not once the feed has mounted and subscribed.
 */
export function startClient(): StartedClient {
  const client = createQueryClient();
  const firstScreen =
    routeFromHash(window.location.hash) === 'create'
      ? client.prefetchQuery(jobQueries.list())
      : Promise.resolve();
  return { client, firstScreen };
}

/**
 * The app's data client and the studio's event stream. `client`: one made before the
 * first render (main.tsx); otherwise one per mounted app, not a module singleton, so
 * tests can make their own.
 */
export function Providers({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? startClient().client);
  useStudioEvents(own);
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
