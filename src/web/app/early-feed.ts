import { feedPath } from '../jobs/api/feed-path';
import { requestEarly } from '../lib/early-request';
import { adoptDrawnScreen } from './first-screen';
import { routeFromHash } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The feed the server drew the Create page's first screen from, into the root, if it did
 * (first-screen.ts): the app's data client starts with it.
 */
export const drawnFeed = adoptDrawnScreen(root, window.location.hash);

// Imported first by main.tsx, so that on the Create page the feed's request leaves as the
// script starts, while the rest of it is evaluated and the app renders: the first cards
// wait for neither.
if (!drawnFeed && routeFromHash(window.location.hash) === 'create') requestEarly(feedPath());
