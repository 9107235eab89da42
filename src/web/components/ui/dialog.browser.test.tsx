import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '@/web/styles.css';
import { Dialog } from './dialog';
import { DialogForm, FormDialog } from './form-dialog';

const submitted = vi.fn<(text: string) => void>();
const closed = vi.fn<() => void>();

/** "Remix image 2" as a card offers it: an opener, the dialog with a form, a field. */
function Remix() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('a lighthouse');
  const close = () => {
    closed();
    setOpen(false);
  };
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Remix
      </button>
      <button type="button">Elsewhere</button>
      <FormDialog open={open} onClose={close} title="Remix image 2">
        <DialogForm
          submitLabel="Remix"
          cost="≈ 80 credits"
          onSubmit={() => {
            submitted(text);
            setOpen(false);
          }}
          onCancel={close}
        >
          <label>
            Prompt
            <input value={text} onChange={(e) => setText(e.target.value)} />
          </label>
        </DialogForm>
      </FormDialog>
    </main>
  );
}

async function renderRemix() {
  submitted.mockReset();
  closed.mockReset();
  const screen = await render(<Remix />);
  const opener = screen.getByRole('button', { name: 'Remix' });
  const dialog = screen.getByRole('dialog', { name: 'Remix image 2' });
  await opener.click();
  await expect.element(dialog).toBeVisible();
  return { screen, opener, dialog, prompt: dialog.getByRole('textbox', { name: 'Prompt' }) };
}

describe('the form dialog', () => {
  it('opens as a modal named by its title, focus on its first field, the page behind inert', async () => {
    const { screen, dialog, prompt } = await renderRemix();
    await expect.element(dialog.getByRole('heading', { name: 'Remix image 2' })).toBeVisible();
    await expect.element(prompt).toHaveFocus();
    await expect.element(dialog.getByText('≈ 80 credits')).toBeVisible();
    // A modal dialog: the page behind is out of reach.
    expect(dialog.element().matches(':modal')).toBe(true);
    await userEvent.keyboard('{Shift>}{Tab}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Elsewhere' }).element()).not.toBe(
      document.activeElement,
    );
  });

  it('keeps Tab inside: from the last control to the first and back with Shift', async () => {
    const { dialog, prompt } = await renderRemix();
    const submit = dialog.getByRole('button', { name: 'Remix' });
    await userEvent.keyboard('{Tab}');
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(submit).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(prompt).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect.element(submit).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { opener, dialog } = await renderRemix();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(closed).toHaveBeenCalledOnce();
    await expect.element(opener).toHaveFocus();
    expect(submitted).not.toHaveBeenCalled();
  });

  it('submits on Enter with what was typed, and focus goes back to the opener', async () => {
    const { opener, dialog, prompt } = await renderRemix();
    await prompt.fill('a lighthouse at dawn');
    await userEvent.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledExactlyOnceWith('a lighthouse at dawn');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  it('cancels with Cancel, and starts fresh when opened again', async () => {
    const { opener, dialog, prompt } = await renderRemix();
    await prompt.fill('something else');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(closed).toHaveBeenCalled();
    expect(submitted).not.toHaveBeenCalled();
    await expect.element(opener).toHaveFocus();
    await opener.click();
    await expect.element(dialog.getByRole('textbox', { name: 'Prompt' })).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on one inside', async () => {
    const { dialog } = await renderRemix();
    await dialog.getByRole('heading').click();
    expect(closed).not.toHaveBeenCalled();
    // The dialog box itself, outside its panel, is the backdrop's area.
    await dialog.click({ position: { x: 2, y: 2 } });
    expect(closed).toHaveBeenCalled();
    await expect.element(dialog).not.toBeInTheDocument();
  });
});

describe('the dialog', () => {
  it('tells its owner it closed when what it showed went away (open turned false)', async () => {
    // The viewers rely on it: a result deleted from under the viewer closes it, and the
    // owner forgets which result was open, so an undo does not pop the viewer up again.
    const onClose = vi.fn<() => void>();
    const viewer = (open: boolean) => (
      <Dialog open={open} onClose={onClose} label="Image viewer">
        <button type="button">Download</button>
      </Dialog>
    );
    const screen = await render(viewer(true));
    await expect.element(screen.getByRole('dialog', { name: 'Image viewer' })).toBeVisible();
    await screen.rerender(viewer(false));
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('hands its keys to the caller before keeping Tab inside', async () => {
    const keys = vi.fn<(key: string) => void>();
    const screen = await render(
      <Dialog open onClose={() => {}} label="Image viewer" onKeyDown={(e) => keys(e.key)}>
        <button type="button">Only</button>
      </Dialog>,
    );
    const only = screen.getByRole('dialog', { name: 'Image viewer' }).getByRole('button');
    await expect.element(only).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{Tab}');
    expect(keys.mock.calls.map(([k]) => k)).toEqual(['ArrowRight', 'Tab']);
    await expect.element(only).toHaveFocus();
  });
});
