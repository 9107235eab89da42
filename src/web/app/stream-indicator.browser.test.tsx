import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { StreamIndicator } from './stream-indicator';

/** Tells the page it has, or has not, a network, as the browser does. */
function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the header’s connection state', () => {
  afterEach(() => setOnline(true));

  it('says Offline while the browser has no network, and goes back when it has', async () => {
    const screen = await render(<StreamIndicator />);
    const status = screen.getByRole('status');
    await expect.element(status).not.toHaveTextContent(/Offline/);

    setOnline(false);
    await expect.element(status).toHaveTextContent(/^OfflineYou are offline\./);

    setOnline(true);
    await expect.element(status).not.toHaveTextContent(/Offline/);
  });
});
