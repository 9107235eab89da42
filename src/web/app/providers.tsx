import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { JobList } from '@/contract/studio-api';
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
 * request is made as the client is, not once the feed has mounted and subscribed; unless
 * the page came with it (`drawnFeed`, the one the server drew the page from).
 */
export function startClient(drawnFeed: JobList | null = null): StartedClient {
  const client = createQueryClient();
  const feed = jobQueries.list();
  if (drawnFeed) client.setQueryData(feed.queryKey, drawnFeed);
  const firstScreen =
    routeFromHash(window.location.hash) === 'create'
      ? client.prefetchQuery(feed)
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
