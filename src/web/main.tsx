import { drawnFeed } from './app/early-feed';
import './zod-config';
import { createRoot } from 'react-dom/client';
import { startClient } from './app/providers';
import { StudioRoot, renderOverDrawnScreen } from './app/studio-root';
import { startTheme } from './lib/theme';
import { registerServiceWorker } from './pwa/register';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startTheme();

/**
 * How long the app's first render waits for the first screen's data. Rendered with it, the
 * Create page draws its first cards at once; rendered first, the feed's answer, long
 * arrived, waited behind that render and its layout, then the skeleton's replacement took
 * one more. Meanwhile index.html's frame is on screen (the first contentful paint).
 */
const FIRST_SCREEN_WAIT_MS = 400;

const { client, firstScreen } = startClient(drawnFeed);
const render = () => createRoot(root).render(<StudioRoot client={client} />);

if (drawnFeed) {
  // The server's first screen is on screen: the app renders in its place at once, from the
  // feed it was drawn from (the page holds it, and the client starts with it).
  renderOverDrawnScreen(root, client);
  registerServiceWorker();
} else {
  const waited = new Promise((done) => window.setTimeout(done, FIRST_SCREEN_WAIT_MS));
  void Promise.race([firstScreen, waited]).then(() => {
    render();
    registerServiceWorker();
  });
}
