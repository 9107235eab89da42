import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '@/web/styles.css';
import { useViewStore } from '../model/view-store';
import { drag, fitted, maskAlpha, openEditor, pointer, viewOf } from './editor-testing';

/** A click at an image pixel: the polygon tool takes one corner per click. */
function click(stage: Element, at: [number, number]) {
  pointer(stage, 'pointerdown', at);
  pointer(stage, 'pointerup', at);
}

describe('the editor’s shape tools', () => {
  it('adds a rectangle by a drag, and cuts one out in Subtract mode', async () => {
    const { dialog, stage } = await openEditor();
    await fitted(stage);
    const el = stage.element();
    await userEvent.keyboard('r');
    drag(el, [
      [50, 50],
      [250, 200],
    ]);
    await expect.poll(() => maskAlpha(el, 150, 125)).toBeGreaterThan(0);
    expect(maskAlpha(el, 60, 60)).toBeGreaterThan(0);
    expect(maskAlpha(el, 300, 250)).toBe(0);

    await dialog.getByRole('radio', { name: 'Subtract' }).click();
    drag(el, [
      [100, 100],
      [200, 150],
    ]);
    await expect.poll(() => maskAlpha(el, 150, 125)).toBe(0);
    expect(maskAlpha(el, 60, 60)).toBeGreaterThan(0);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '2');
  });

  it('cuts with Alt held in Add mode, and adds nothing for a click without a drag', async () => {
    const { stage } = await openEditor();
    await fitted(stage);
    const el = stage.element();
    await userEvent.keyboard('r');
    click(el, [80, 80]);
    drag(el, [
      [50, 50],
      [250, 200],
    ]);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    drag(
      el,
      [
        [100, 100],
        [200, 150],
      ],
      { altKey: true },
    );
    await expect.element(stage).toHaveAttribute('data-mask-ops', '2');
    // The layer draws on the next frame: wait for the hole with the frame round it.
    await expect
      .poll(() => [maskAlpha(el, 150, 125) > 0, maskAlpha(el, 60, 60) > 0])
      .toEqual([false, true]);
  });

  it('draws a lasso along the drag', async () => {
    const { stage } = await openEditor();
    await fitted(stage);
    const el = stage.element();
    await userEvent.keyboard('l');
    drag(el, [
      [100, 50],
      [300, 150],
      [100, 250],
      [100, 50],
    ]);
    await expect.poll(() => maskAlpha(el, 150, 150)).toBeGreaterThan(0);
    // Outside the triangle the lasso went round.
    expect(maskAlpha(el, 280, 60)).toBe(0);
    expect(maskAlpha(el, 280, 240)).toBe(0);
  });

  it('closes a polygon with Enter, and Escape drops one being drawn instead of closing', async () => {
    const { stage, onClose } = await openEditor();
    await fitted(stage);
    const el = stage.element();
    await userEvent.keyboard('p');
    click(el, [50, 50]);
    click(el, [250, 50]);
    await expect.poll(() => useViewStore.getState().draft?.length).toBe(2);
    await userEvent.keyboard('{Escape}');
    expect(useViewStore.getState().draft).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    click(el, [50, 50]);
    click(el, [250, 50]);
    // Two corners are not a shape: Enter waits for a third.
    await userEvent.keyboard('{Enter}');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '0');
    click(el, [150, 250]);
    await userEvent.keyboard('{Enter}');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    await expect.poll(() => maskAlpha(el, 150, 100)).toBeGreaterThan(0);
    expect(maskAlpha(el, 60, 240)).toBe(0);
  });

  it('pans the view while Space is held, painting nothing', async () => {
    const { stage } = await openEditor();
    const before = await fitted(stage);
    const el = stage.element();
    await userEvent.keyboard('{ >}');
    await expect.element(stage).toHaveStyle({ cursor: 'grab' });
    drag(el, [
      [100, 100],
      [200, 150],
    ]);
    await userEvent.keyboard('{/ }');
    const after = viewOf(el);
    expect(after.panX - before.panX).toBeCloseTo(100 * before.zoom, 0);
    expect(after.panY - before.panY).toBeCloseTo(50 * before.zoom, 0);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '0');
    await expect.element(stage).toHaveStyle({ cursor: 'crosshair' });
  });

  it('zooms with the wheel about the pointer, and Fit brings the view back', async () => {
    const { dialog, stage } = await openEditor();
    const before = await fitted(stage);
    const zoom = dialog.getByRole('status', { name: 'Zoom' });
    const shown = zoom.element().textContent;
    const box = stage.element().getBoundingClientRect();
    const wheel = new WheelEvent('wheel', {
      bubbles: true,
      cancelable: true,
      deltaY: -200,
      clientX: box.left + 300,
      clientY: box.top + 200,
    });
    stage.element().querySelector('.konvajs-content')?.dispatchEvent(wheel);
    await expect.poll(() => viewOf(stage.element()).zoom).toBeGreaterThan(before.zoom);
    await expect.element(zoom).not.toHaveTextContent(shown ?? '');
    await dialog.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(() => viewOf(stage.element()).zoom).toBeCloseTo(before.zoom, 5);
  });
});
