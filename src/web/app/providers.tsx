import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { createQueryClient } from './query-client';
import { useStudioEvents } from './use-studio-events';

export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app (not a module singleton), so tests can make their own.
  const [client] = useState(createQueryClient);
  useStudioEvents(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
