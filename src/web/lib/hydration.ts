import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False on the server and while the app takes over the server's markup (hydration), true
 * in any other render: what only this browser knows (a chunk already here, an idle moment
 * already passed) shows from the render after, so that the first one matches the markup.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
