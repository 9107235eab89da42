import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { jobQueries } from '../jobs/api/job-queries';
import { createQueryClient } from './query-client';
import { routeFromHash } from './router';
import { useStudioEvents } from './use-studio-events';

/**
 * One client per mounted app (not a module singleton), so tests can make their own. On
 * the Create page the feed is what the first screen waits for: its request leaves as the
 * client is made, while the page renders, not once the feed has mounted and subscribed.
 */
function startClient() {
  const client = createQueryClient();
  if (routeFromHash(window.location.hash) === 'create') {
    void client.prefetchQuery(jobQueries.list());
  }
  return client;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(startClient);
  useStudioEvents(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
