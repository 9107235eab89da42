import type { ReactNode } from 'react';
import { BalanceWidget, LowBalanceBanner } from '../features/account';
import { lazyComponent } from '../lib/lazy-component';
import { Nav } from './nav';
import { ShortcutsSheet } from './shortcuts-sheet';
import { StreamIndicator } from './stream-indicator';
import { StudioMark } from './studio-mark';
import { ThemeToggle } from './theme-toggle';
import type { Route } from './router';
import { routeHref } from './router';

// It tells of jobs that end, later than the first paint: a chunk of its own, fetched as the
// layout first renders. Not at the page's first idle moment: on a busy page that came
// after a job had ended, and a job it never saw running it does not announce.
const JobAnnouncer = lazyComponent(() => import('./job-announcer').then((m) => m.JobAnnouncer), {
  fallback: null,
}).Component;

interface LayoutProps {
  route: Route;
  children: ReactNode;
}

export function Layout({ route, children }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(e) => {
          // A plain #main would be taken for a route by the hash router.
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-md bg-zinc-800 px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center justify-between gap-3 border-b border-zinc-800 bg-zinc-950/90 px-3 backdrop-blur sm:px-5">
        <a href={routeHref('create')} className="flex items-center gap-2 rounded-md">
          <StudioMark />
          <span className="text-sm font-semibold tracking-wide text-zinc-100">Studio</span>
        </a>
        <div className="flex items-center gap-3 sm:gap-4">
          <StreamIndicator />
          <ShortcutsSheet />
          <ThemeToggle />
          <BalanceWidget href={routeHref('account')} />
        </div>
      </header>
      <LowBalanceBanner href={routeHref('account')} />
      <div className="flex min-h-0 flex-1">
        {/* Narrow screens get the same links as a bar along the bottom (Nav's own
            breakpoint), so the content keeps the full width. */}
        <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-52 shrink-0 border-r border-zinc-800 md:block">
          <Nav current={route} layout="side" />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-16 focus:outline-none md:pb-0">
          {children}
        </main>
      </div>
      <JobAnnouncer />
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-zinc-800 bg-zinc-950/95 backdrop-blur md:hidden">
        <Nav current={route} layout="bottom" />
      </div>
    </div>
  );
}
