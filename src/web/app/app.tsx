import { Suspense } from 'react';
import { CanvasEditorHost } from './canvas-editor-host';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout';
import { PAGES } from './pages/lazy-pages';
import { Providers } from './providers';
import { useRoute } from './router';

export function App() {
  const route = useRoute();
  const CurrentPage = PAGES[route];
  return (
    <ErrorBoundary>
      <Providers>
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
