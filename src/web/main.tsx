import './app/early-feed';
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startClient } from './app/providers';
import { startTheme } from './lib/theme';
import { registerServiceWorker } from './pwa/register';
import { UpdateOffer } from './pwa/update-offer';
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

const { client, firstScreen } = startClient();
const waited = new Promise((done) => window.setTimeout(done, FIRST_SCREEN_WAIT_MS));
void Promise.race([firstScreen, waited]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App client={client} />
      <UpdateOffer />
    </StrictMode>,
  );
  registerServiceWorker();
});
