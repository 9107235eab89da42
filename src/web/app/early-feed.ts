import { feedPath } from '../jobs/api/feed-path';
import { requestEarly } from '../lib/early-request';
import { adoptDrawnScreen } from './first-screen';
import { routeFromHash } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Whether the server drew the Create page's first screen into the root, with the feed's
 * answer it was drawn from, which the feed's first request then takes (first-screen.ts).
 */
export const drawn = adoptDrawnScreen(root, window.location.hash);

// Imported first by main.tsx, so that on the Create page the feed's request leaves as the
// script starts, while the rest of it is evaluated and the app renders: the first cards
// wait for neither.
if (!drawn && routeFromHash(window.location.hash) === 'create') requestEarly(feedPath());
