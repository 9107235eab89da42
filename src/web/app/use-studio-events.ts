import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The app's one event stream, open while the providers are mounted. Its wiring (the stream,
 * what each event changes) is a chunk of its own, fetched as the page starts: the first
 * screen paints from the queries' first answers, not from events.
 */
export function useStudioEvents(client: QueryClient): void {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let close: (() => void) | null = null;
    let closed = false;
    import('./studio-events').then(
      ({ openStudioEvents }) => {
        if (!closed) close = openStudioEvents(client);
      },
      // Not fetched (offline, a new deploy): the stream indicator keeps saying the stream
      // is down, and the queries poll as they do without it.
      () => undefined,
    );
    return () => {
      closed = true;
      close?.();
    };
  }, [client]);
}
