import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { newDocument } from '../model/document';
import type { EditorMode } from '../model/document';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { Toolbar } from './toolbar';

const editor = () => useEditorStore.getState();
const view = () => useViewStore.getState();

async function renderToolbar(mode: EditorMode) {
  view().viewReset();
  view().stageResized({ width: 800, height: 600 });
  editor().documentOpened(
    newDocument({ url: '/media/abcDEF123456/0', width: 400, height: 300 }, mode),
  );
  const screen = await render(<Toolbar edit={mode !== 'inpaint'} />);
  const bar = screen.getByRole('toolbar', { name: 'Editor tools' });
  const button = (name: string) => bar.getByRole('button', { name, exact: true });
  return { bar, button };
}

describe('the editor toolbar', () => {
  beforeEach(() => editor().documentClosed());

  it('picks a tool by a click, with the options that tool has', async () => {
    const { bar } = await renderToolbar('inpaint');
    const tool = (name: string) => bar.getByRole('radio', { name: new RegExp(`^${name}`) });
    await expect.element(tool('Brush')).toHaveAttribute('aria-checked', 'true');
    await expect.element(tool('Brush')).toHaveAttribute('aria-keyshortcuts', 'B');
    await expect.element(bar.getByRole('slider', { name: 'Brush size' })).toBeVisible();
    // Inpaint: nothing to move.
    expect(bar.getByRole('radio', { name: /^Move image/ }).all()).toHaveLength(0);

    await tool('Rectangle').click();
    await expect.element(tool('Rectangle')).toHaveAttribute('aria-checked', 'true');
    await expect.element(tool('Brush')).toHaveAttribute('aria-checked', 'false');
    expect(view().tool).toBe('rect');
    // Shapes add or cut; the brush size is not theirs.
    const modes = bar.getByRole('radiogroup', { name: 'Shape mode' });
    await expect.element(bar.getByRole('slider', { name: 'Brush size' })).not.toBeInTheDocument();
    await modes.getByRole('radio', { name: 'Subtract' }).click();
    await expect
      .element(modes.getByRole('radio', { name: 'Subtract' }))
      .toHaveAttribute('aria-checked', 'true');
    expect(view().shapeMode).toBe('subtract');

    await tool('Eraser').click();
    await expect.element(bar.getByRole('slider', { name: 'Brush size' })).toBeVisible();
    await expect.element(modes).not.toBeInTheDocument();
  });

  it('in Edit, offers Move image, which has no options', async () => {
    const { bar } = await renderToolbar('edit');
    const move = bar.getByRole('radio', { name: /^Move image/ });
    await expect.element(move).toHaveAttribute('aria-keyshortcuts', 'V');
    await move.click();
    expect(view().tool).toBe('move');
    await expect.element(bar.getByRole('slider', { name: 'Brush size' })).not.toBeInTheDocument();
    await expect
      .element(bar.getByRole('radiogroup', { name: 'Shape mode' }))
      .not.toBeInTheDocument();
  });

  it('resizes the brush with its slider, within its bounds', async () => {
    const { bar } = await renderToolbar('inpaint');
    const size = bar.getByRole('slider', { name: 'Brush size' });
    await size.click();
    await userEvent.keyboard('{Home}');
    await expect.element(bar.getByText('2px')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(bar.getByText('4px')).toBeVisible();
    await userEvent.keyboard('{End}');
    await expect.element(bar.getByText('400px')).toBeVisible();
    expect(view().brushSize).toBe(400);
  });

  it('enables Undo, Redo and Clear as the mask has history and content', async () => {
    const { button } = await renderToolbar('inpaint');
    const [undo, redo, clear] = [button('Undo'), button('Redo'), button('Clear')];
    await expect.element(undo).toBeDisabled();
    await expect.element(redo).toBeDisabled();
    await expect.element(clear).toBeDisabled();
    await expect.element(undo).toHaveAttribute('aria-keyshortcuts', 'Control+Z');

    await button('Invert').click();
    expect(editor().doc?.ops).toEqual([{ type: 'invert' }]);
    await expect.element(undo).toBeEnabled();
    await expect.element(clear).toBeEnabled();

    await clear.click();
    expect(editor().doc?.ops).toEqual([]);
    await expect.element(clear).toBeDisabled();
    // Clearing is a step of undo too.
    await undo.click();
    expect(editor().doc?.ops).toEqual([{ type: 'invert' }]);
    await expect.element(redo).toBeEnabled();
    await undo.click();
    await expect.element(undo).toBeDisabled();
    await redo.click();
    await redo.click();
    expect(editor().doc?.ops).toEqual([]);
    await expect.element(redo).toBeDisabled();
  });

  it('shows or hides the mask and sets its opacity', async () => {
    const { bar } = await renderToolbar('inpaint');
    const show = bar.getByRole('checkbox', { name: 'Show mask' });
    await expect.element(show).toBeChecked();
    await show.click();
    await expect.element(show).not.toBeChecked();
    expect(view().maskVisible).toBe(false);

    await bar.getByRole('slider', { name: 'Mask opacity' }).click();
    await userEvent.keyboard('{End}');
    expect(view().maskOpacity).toBe(1);
  });

  it('fits the canvas in the stage, or shows it at 100%', async () => {
    const { bar, button } = await renderToolbar('inpaint');
    const zoom = bar.getByRole('status', { name: 'Zoom' });
    await button('Fit').click();
    // 400 × 300 in 800 × 600 less a 24 px margin: 184 %.
    await expect.element(zoom).toHaveTextContent('184%');
    await button('100%').click();
    await expect.element(zoom).toHaveTextContent('100%');
    expect(view().viewport).toMatchObject({ zoom: 1, panX: 200, panY: 150 });
  });
});
