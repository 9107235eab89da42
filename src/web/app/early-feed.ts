import { feedPath } from '../jobs/api/feed-path';
import { requestEarly } from '../lib/early-request';
import { routeFromHash } from './router';

// Imported first by main.tsx, so that on the Create page the feed's request leaves as the
// script starts, while the rest of it is evaluated and the app renders: the first cards
// wait for neither.
if (routeFromHash(window.location.hash) === 'create') requestEarly(feedPath());
