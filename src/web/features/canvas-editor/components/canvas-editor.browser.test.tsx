import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { StudioApiError } from '@/web/lib/http';
import '@/web/styles.css';
import { useViewStore } from '../model/view-store';
import {
  HEIGHT,
  WIDTH,
  coverage,
  fitted,
  maskAlpha,
  openEditor,
  stroke,
  viewOf,
} from './editor-testing';

describe('the canvas editor', () => {
  it('opens on the image, fitted, with focus inside and the tools ready', async () => {
    const { dialog, stage } = await openEditor();
    const view = await fitted(stage);
    expect(view.image).toMatchObject({ width: WIDTH, height: HEIGHT });
    expect(dialog.element().contains(document.activeElement)).toBe(true);
    // Tab stays in the editor, as in any modal.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(dialog.element().contains(document.activeElement)).toBe(true);
    await expect
      .element(dialog.getByRole('radio', { name: /^Brush/ }))
      .toHaveAttribute('aria-checked', 'true');
    await expect.element(dialog.getByText('Nothing painted yet.')).toBeVisible();
    await expect.element(dialog.getByText('Paint the region to vary.')).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Vary region' })).toBeDisabled();
    // Inpaint keeps the image where it is: no Move tool, no canvas size.
    expect(dialog.getByRole('radio', { name: /^Move image/ }).all()).toHaveLength(0);
    expect(dialog.getByRole('group', { name: 'Canvas size' }).all()).toHaveLength(0);
  });

  it('picks tools with B, E, R, L and P, and sizes the brush with [ and ]', async () => {
    const { dialog, stage } = await openEditor();
    await fitted(stage);
    const checkedTool = () =>
      dialog
        .getByRole('radiogroup', { name: 'Tool' })
        .getByRole('radio', { checked: true })
        .element().textContent;
    const picked: (string | null | undefined)[] = [];
    for (const key of ['e', 'r', 'l', 'p', 'v', 'b']) {
      await userEvent.keyboard(key);
      picked.push(checkedTool());
    }
    // V moves the image only in Edit: here it leaves the tool as it was.
    expect(picked).toEqual([
      'Eraser E',
      'Rectangle R',
      'Lasso L',
      'Polygon P',
      'Polygon P',
      'Brush B',
    ]);

    const size = dialog.getByRole('slider', { name: 'Brush size' });
    await expect.element(size).toHaveValue('40');
    await userEvent.keyboard(']');
    await expect.element(size).toHaveValue('46');
    // `[[` is one [ in this keyboard syntax: two presses, about 15 % each.
    await userEvent.keyboard('[[[[');
    await expect.element(size).toHaveValue('35');
    await expect.element(dialog.getByText('35px')).toBeVisible();
  });

  it('paints the mask with a brush stroke, and undoes and redoes it by button and key', async () => {
    const { dialog, stage } = await openEditor();
    await fitted(stage);
    const undo = dialog.getByRole('button', { name: 'Undo' });
    const redo = dialog.getByRole('button', { name: 'Redo' });
    await expect.element(undo).toBeDisabled();
    expect(maskAlpha(stage.element(), 200, 150)).toBe(0);

    stroke(stage.element(), [100, 150], [300, 150]);
    await expect.poll(() => maskAlpha(stage.element(), 200, 150)).toBeGreaterThan(0);
    // Painted along the stroke, nowhere else.
    expect(maskAlpha(stage.element(), 100, 150)).toBeGreaterThan(0);
    expect(maskAlpha(stage.element(), 200, 60)).toBe(0);
    expect(maskAlpha(stage.element(), 350, 150)).toBe(0);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    await expect.poll(() => coverage(dialog.element())).toMatch(/^\d+\.\d% of the image\.$/);
    // A 200 px stroke 40 px wide, round ends, on 400 × 300: about 7.7 %.
    expect(Number.parseFloat(coverage(dialog.element()))).toBeCloseTo(7.7, 0);
    await expect.element(undo).toBeEnabled();
    await expect.element(redo).toBeDisabled();

    await undo.click();
    await expect.poll(() => maskAlpha(stage.element(), 200, 150)).toBe(0);
    await expect.element(redo).toBeEnabled();
    await expect.poll(() => coverage(dialog.element())).toBe('Nothing painted yet.');

    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await expect.poll(() => maskAlpha(stage.element(), 200, 150)).toBeGreaterThan(0);
    await expect.element(redo).toBeDisabled();
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.poll(() => maskAlpha(stage.element(), 200, 150)).toBe(0);
    await expect.element(undo).toBeDisabled();
  });

  it('erases part of the mask with the eraser', async () => {
    const { dialog, stage } = await openEditor();
    await fitted(stage);
    stroke(stage.element(), [100, 150], [300, 150]);
    await expect.poll(() => maskAlpha(stage.element(), 200, 150)).toBeGreaterThan(0);
    await userEvent.keyboard('e');
    stroke(stage.element(), [200, 100], [200, 200]);
    await expect.poll(() => maskAlpha(stage.element(), 200, 150)).toBe(0);
    expect(maskAlpha(stage.element(), 120, 150)).toBeGreaterThan(0);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '2');
    await expect.element(dialog.getByRole('button', { name: 'Clear' })).toBeEnabled();
  });

  it('sends the painted region as polygons in the image’s frame, then closes', async () => {
    const { dialog, stage, onSubmit, onClose, api } = await openEditor();
    await fitted(stage);
    stroke(stage.element(), [100, 150], [300, 150]);
    const send = dialog.getByRole('button', { name: 'Vary region' });
    await expect.element(send).toBeEnabled();
    // The remix prompt starts as the parent's.
    const prompt = dialog.getByRole('textbox', { name: 'Remix prompt' });
    await expect.element(prompt).toHaveValue('a lighthouse in a storm');
    await prompt.fill('a lighthouse at dawn');
    await send.click();

    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    const body = onSubmit.mock.calls[0]?.[0];
    expect(body).toMatchObject({
      operation: 'inpaint',
      parentId: 'abcDEF123456',
      params: { imageNo: 1, remixPrompt: 'a lighthouse at dawn' },
    });
    const params = body?.params as {
      mask: { areas: { width: number; height: number; points: number[] }[] };
    };
    expect(params.mask.areas).toHaveLength(1);
    const [area] = params.mask.areas;
    // Twice the image's sides: the frame the points are given in.
    expect(area).toMatchObject({ width: 800, height: 600 });
    const xs = area?.points.filter((_, i) => i % 2 === 0) ?? [];
    const ys = area?.points.filter((_, i) => i % 2 === 1) ?? [];
    expect(Math.min(...xs)).toBeGreaterThan(2 * 75);
    expect(Math.max(...xs)).toBeLessThan(2 * 325);
    expect(Math.min(...ys)).toBeGreaterThan(2 * 125);
    expect(Math.max(...ys)).toBeLessThan(2 * 175);
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    expect(api.stray).toEqual([]);
  });

  it('keeps the editor and the mask open when the create is refused, saying why', async () => {
    const { dialog, stage, onSubmit, onClose } = await openEditor();
    await fitted(stage);
    onSubmit.mockRejectedValue(
      new StudioApiError({
        status: 402,
        code: 'insufficient_quota',
        message: 'Not enough credits',
        hint: 'Top up credits on the image service’s account.',
        retryAfterS: null,
      }),
    );
    stroke(stage.element(), [100, 150], [300, 150]);
    const send = dialog.getByRole('button', { name: 'Vary region' });
    await expect.element(send).toBeEnabled();
    await send.click();
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent('Not enough credits Top up credits on the image service’s account.');
    await expect.element(send).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
  });

  it('asks before Escape throws a painted mask away', async () => {
    const { dialog, stage, onClose } = await openEditor();
    await fitted(stage);
    stroke(stage.element(), [100, 150], [300, 150]);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');

    await userEvent.keyboard('{Escape}');
    const ask = dialog.getByRole('alertdialog', { name: 'Discard the mask?' });
    await expect.element(ask.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    // A second Escape keeps editing.
    await userEvent.keyboard('{Escape}');
    await expect.element(ask).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes at once on Escape with nothing painted', async () => {
    const { stage, onClose } = await openEditor();
    await fitted(stage);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says so when the image cannot be loaded', async () => {
    const { dialog } = await openEditor('inpaint', 'data:image/png;base64,bm90IGEgcG5n');
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent('The image could not be loaded.');
    expect(dialog.getByRole('toolbar').all()).toHaveLength(0);
  });

  it('in Edit, moves the image with V and resizes the canvas, each a step of undo', async () => {
    const { dialog, stage } = await openEditor('edit');
    await fitted(stage);
    await userEvent.keyboard('v');
    await expect
      .element(dialog.getByRole('radio', { name: /^Move image/ }))
      .toHaveAttribute('aria-checked', 'true');
    expect(useViewStore.getState().tool).toBe('move');

    await dialog.getByRole('button', { name: '1:1' }).click();
    await expect
      .poll(() => viewOf(stage.element()).imgPos)
      .toEqual({ x: 0, y: 50, width: 400, height: 300 });
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => viewOf(stage.element()).imgPos)
      .toEqual({ x: 0, y: 0, width: 400, height: 300 });
  });
});
