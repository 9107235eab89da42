import './app/early-feed';
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startTheme } from './lib/theme';
import { registerServiceWorker } from './pwa/register';
import { UpdateOffer } from './pwa/update-offer';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startTheme();

createRoot(root).render(
  <StrictMode>
    <App />
    <UpdateOffer />
  </StrictMode>,
);
registerServiceWorker();
