import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { pngDataUrl } from '@/web/components/testing/images';
import '@/web/styles.css';
import { maskShelf, SAVED_MAX } from '../mask/mask-shelf';
import { packMask } from '../mask/packed';
import { emptyGrid } from '../mask/grid';
import { HEIGHT, WIDTH, coverage, fitted, openEditor, stroke } from './editor-testing';

describe('saved masks', () => {
  beforeEach(() => window.localStorage.clear());

  it('saves the mask by name for this image, and loads it back as one step of undo', async () => {
    const image = await pngDataUrl(WIDTH, HEIGHT);
    const first = await openEditor('inpaint', image);
    await fitted(first.stage);
    const panel = first.dialog.getByRole('region', { name: 'Saved masks' });
    await expect.element(panel.getByText('None saved for this image.')).toBeVisible();
    stroke(first.stage.element(), [100, 150], [300, 150]);
    await expect.poll(() => coverage(first.dialog.element())).toMatch(/%/);
    const painted = coverage(first.dialog.element());

    // M goes to the name field.
    await userEvent.keyboard('m');
    const name = panel.getByRole('textbox', { name: 'Mask name' });
    await expect.element(name).toHaveFocus();
    await userEvent.keyboard('the beam');
    await panel.getByRole('button', { name: 'Save mask' }).click();
    await expect.element(panel.getByRole('status')).toHaveTextContent('Saved “the beam”.');
    await expect.element(panel.getByRole('listitem')).toHaveTextContent('the beam');
    await first.screen.unmount();

    const { dialog, stage } = await openEditor('inpaint', image);
    await fitted(stage);
    await expect.poll(() => coverage(dialog.element())).toBe('Nothing painted yet.');
    await dialog.getByRole('button', { name: 'Load mask the beam' }).click();
    await expect.poll(() => coverage(dialog.element())).toBe(painted);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => coverage(dialog.element())).toBe('Nothing painted yet.');
    // O (focus is on Undo, not in a field) loads the newest saved mask of the image.
    await userEvent.keyboard('o');
    await expect.poll(() => coverage(dialog.element())).toBe(painted);

    await dialog.getByRole('button', { name: 'Delete mask the beam' }).click();
    await expect.element(dialog.getByText('None saved for this image.')).toBeVisible();
  });

  it('says so when the saved masks are full, and saves once one is deleted', async () => {
    const image = await pngDataUrl(WIDTH, HEIGHT);
    const shelf = maskShelf();
    const small = packMask(emptyGrid(4, 4));
    for (let i = 0; i < SAVED_MAX; i++)
      shelf.save(i === 0 ? image : `/media/other/${i}`, `m${i}`, small);
    const { dialog, stage } = await openEditor('inpaint', image);
    await fitted(stage);
    stroke(stage.element(), [100, 150], [300, 150]);
    const panel = dialog.getByRole('region', { name: 'Saved masks' });
    await panel.getByRole('textbox', { name: 'Mask name' }).fill('one more');
    await panel.getByRole('button', { name: 'Save mask' }).click();
    await expect
      .element(panel.getByRole('status'))
      .toHaveTextContent('The saved masks are full (30 in all): delete one to save another.');
    await panel.getByRole('button', { name: 'Delete mask m0' }).click();
    await panel.getByRole('button', { name: 'Save mask' }).click();
    await expect.element(panel.getByRole('status')).toHaveTextContent('Saved “one more”.');
  });
});
