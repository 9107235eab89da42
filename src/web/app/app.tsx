import type { ComponentType } from 'react';
import { CanvasEditorHost } from './canvas-editor-host';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout';
import { AccountPage } from './pages/account-page';
import { CreatePage } from './pages/create-page';
import { LibraryPage } from './pages/library-page';
import { ToolsPage } from './pages/tools-page';
import { Providers } from './providers';
import type { Route } from './router';
import { useRoute } from './router';

const PAGES: Record<Route, ComponentType> = {
  create: CreatePage,
  tools: ToolsPage,
  library: LibraryPage,
  account: AccountPage,
};

export function App() {
  const route = useRoute();
  const CurrentPage = PAGES[route];
  return (
    <ErrorBoundary>
      <Providers>
        <Layout route={route}>
          <CurrentPage />
          <CanvasEditorHost />
        </Layout>
      </Providers>
    </ErrorBoundary>
  );
}
