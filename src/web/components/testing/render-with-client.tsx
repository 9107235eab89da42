import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';

/**
 * A fresh QueryClient for one test: nothing retried (a refusal shows at once) and data
 * put in with `setQueryData` stays fresh, so only what the test stubs is asked for.
 */
export function testClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Renders `ui` under its own QueryClient (or the one given), and hands both back. */
export async function renderWithClient(ui: ReactNode, client: QueryClient = testClient()) {
  const screen = await render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { screen, client };
}
