import type { ReactNode } from 'react';

/**
 * Where the offer of a new build appears: a live region there from the page's start (the
 * offer's own chunk comes later, `app/studio-root.tsx`), so that screen readers hear the
 * offer when it comes.
 */
export function UpdateRegion({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="fixed bottom-20 left-3 z-40 md:bottom-4">
      {children}
    </div>
  );
}
