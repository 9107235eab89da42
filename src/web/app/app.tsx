import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { CanvasEditorHost } from './canvas-editor-host';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout';
import { PAGES } from './pages/lazy-pages';
import { Providers } from './providers';
import { useRoute } from './router';

/** The studio; `client`, the data client main.tsx made before the first render. */
export function App({ client }: { client?: QueryClient }) {
  const route = useRoute();
  const CurrentPage = PAGES[route];
  return (
    <ErrorBoundary>
      <Providers client={client}>
        <Layout route={route}>
          <Suspense
            fallback={
              <p role="status" className="p-6 text-sm text-zinc-400">
                Loading…
              </p>
            }
          >
            <CurrentPage />
          </Suspense>
          <CanvasEditorHost />
        </Layout>
      </Providers>
    </ErrorBoundary>
  );
}
