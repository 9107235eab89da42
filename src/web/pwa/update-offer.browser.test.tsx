import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { UpdateOffer } from './update-offer';
import { offerUpdate } from './update-store';

describe('the update offer', () => {
  it('says nothing until a build waits, then offers it and acts only on Reload', async () => {
    const screen = await render(<UpdateOffer />);
    const status = screen.getByRole('status');
    await expect.element(status).toBeInTheDocument();
    await expect.element(status).toHaveTextContent('');
    expect(screen.getByRole('button').elements()).toHaveLength(0);

    const accept = vi.fn();
    offerUpdate(accept);
    await expect.element(status).toHaveTextContent('A new version is ready.');
    const reload = screen.getByRole('button', { name: 'Reload' });
    await expect.element(reload).toBeVisible();
    expect(accept).not.toHaveBeenCalled();

    await reload.click();
    expect(accept).toHaveBeenCalledOnce();
  });
});
