import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { CanvasEditorHost } from './canvas-editor-host';
import { ErrorBoundary } from './error-boundary';
import { ReleaseOnceTakenOver } from './first-screen';
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
          {/* Create ships in the first chunk and never suspends: no boundary, so that the
              server's first screen is taken over in one pass with the frame around it (React
              takes a boundary's markup over later, at a lower priority). */}
          {route === 'create' ? (
            <CurrentPage />
          ) : (
            <Suspense
              fallback={
                <p role="status" className="p-6 text-sm text-zinc-400">
                  Loading…
                </p>
              }
            >
              <CurrentPage />
            </Suspense>
          )}
          <ReleaseOnceTakenOver />
          <CanvasEditorHost />
        </Layout>
      </Providers>
    </ErrorBoundary>
  );
}
