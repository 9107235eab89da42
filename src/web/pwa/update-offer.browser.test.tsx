import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { UpdateOffer } from './update-offer';
import { useEditorClosed, useEditorRequested } from '@/web/jobs/stores/editor-request-store';
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

  it('holds Reload while the canvas editor is open, so its mask is not lost', async () => {
    let open = () => {};
    let close = () => {};
    function EditorDoor() {
      const requested = useEditorRequested();
      close = useEditorClosed();
      open = () => requested({ mode: 'upload-paint', imgUrl: 'http://x/u/t', imageUrl: '/u/t' });
      return null;
    }
    const screen = await render(
      <>
        <EditorDoor />
        <UpdateOffer />
      </>,
    );
    open();
    const accept = vi.fn();
    offerUpdate(accept);
    const status = screen.getByRole('status');
    await expect.element(status).toHaveTextContent('Reload is offered once the editor is closed.');
    expect(screen.getByRole('button').elements()).toHaveLength(0);

    close();
    await expect.element(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect.element(status).not.toHaveTextContent('editor');
    expect(accept).not.toHaveBeenCalled();
  });
});
