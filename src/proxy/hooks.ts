import type { DestinationStream } from 'pino';
import type { FirstScreenDrawer } from './routes/first-screen';

/** What the launcher (src/main.ts) or a test hands the proxy besides its settings. */
export interface ProxyHooks {
  /** Where the log lines go instead of standard output (tests keep them). */
  logDestination?: DestinationStream;
  /** Draws the Create page's first screen into index.html (the launcher's, from the web app). */
  firstScreen?: FirstScreenDrawer;
  /** index.html's own inline scripts (the launcher's, from the web app), allowed by hash. */
  pageScripts?: readonly string[];
}
