import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '@/web/styles.css';
import { coverage, fitted, maskAlpha, openEditor, pointer } from './editor-testing';

/*
 * The test image is 400×300: a blue field with a white square of 200×150 in its middle
 * (x 100–299, y 75–224), so the wand's regions have exact sizes: the square is 25 % of
 * the image, the field 75 %.
 */

/** A click (or a tap: the same pointer events) at an image pixel. */
function click(stage: Element, at: [number, number], init: PointerEventInit = {}) {
  pointer(stage, 'pointerdown', at, init);
  pointer(stage, 'pointerup', at, init);
}

async function openWithWand() {
  const opened = await openEditor();
  await fitted(opened.stage);
  await userEvent.keyboard('w');
  await expect
    .element(opened.dialog.getByRole('radio', { name: /Magic wand/ }))
    .toHaveAttribute('aria-checked', 'true');
  return {
    ...opened,
    el: opened.stage.element(),
    summary: () => coverage(opened.dialog.element()),
  };
}

describe('the magic wand and the whole-mask steps', () => {
  it('selects the clicked region; Shift adds, Alt cuts, each click one step of undo', async () => {
    const { stage, el, summary } = await openWithWand();
    click(el, [200, 150]);
    await expect.poll(summary).toBe('25.0% of the image.');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    await expect.poll(() => maskAlpha(el, 150, 100)).toBeGreaterThan(0);
    expect(maskAlpha(el, 50, 40)).toBe(0);

    // A plain click replaces the mask, as in Photoshop: now only the blue field.
    click(el, [20, 20]);
    await expect.poll(summary).toBe('75.0% of the image.');
    await expect.poll(() => maskAlpha(el, 150, 100)).toBe(0);

    click(el, [200, 150], { shiftKey: true });
    await expect.poll(summary).toBe('100.0% of the image.');
    click(el, [200, 150], { altKey: true });
    await expect.poll(summary).toBe('75.0% of the image.');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '4');

    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.poll(summary).toBe('100.0% of the image.');
    await userEvent.keyboard('{Control>}z{/Control}{Control>}z{/Control}');
    await expect.poll(summary).toBe('25.0% of the image.');
    await expect
      .poll(() => [maskAlpha(el, 150, 100) > 0, maskAlpha(el, 50, 40) > 0])
      .toEqual([true, false]);
    // I inverts within the image's bounds.
    await userEvent.keyboard('i');
    await expect.poll(summary).toBe('75.0% of the image.');
  });

  it('the toolbar’s Subtract mode makes a tap cut, with no key to hold', async () => {
    const { dialog, el, summary } = await openWithWand();
    click(el, [20, 20]);
    await expect.poll(summary).toBe('75.0% of the image.');
    await dialog.getByRole('radio', { name: 'Add' }).click();
    click(el, [200, 150], { pointerType: 'touch' });
    await expect.poll(summary).toBe('100.0% of the image.');
    await dialog.getByRole('radio', { name: 'Subtract' }).click();
    click(el, [20, 20], { pointerType: 'touch' });
    await expect.poll(summary).toBe('25.0% of the image.');
  });

  it('grows, shrinks and feathers the whole mask by exact pixels, each one undo', async () => {
    const { dialog, stage, el, summary } = await openWithWand();
    click(el, [200, 150]);
    await expect.poll(summary).toBe('25.0% of the image.');
    const by = dialog.getByRole('spinbutton', { name: /Pixels to grow/ });
    await by.fill('4');
    // 208 × 158 less the 8 pixels of each corner farther than 4 px from the square.
    await dialog.getByRole('button', { name: 'Grow' }).click();
    await expect
      .poll(summary)
      .toBe(`${((100 * (208 * 158 - 32)) / 120000).toFixed(1)}% of the image.`);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '2');
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.poll(summary).toBe('25.0% of the image.');

    // The image's edge does not shrink: the field keeps its outer rows.
    await userEvent.keyboard(',');
    await expect.poll(summary).toBe(`${((100 * (192 * 142)) / 120000).toFixed(1)}% of the image.`);
    await userEvent.keyboard('{Control>}z{/Control}');

    // Feathering softens the drawn edge; what is sent keeps the square's straight sides.
    await by.fill('12');
    // Escape leaves the field, so the key reaches the editor.
    await userEvent.keyboard('{Escape}f');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '2');
    // Only the soft edge reaches outside the square: wait for it to be drawn.
    await expect.poll(() => maskAlpha(el, 96, 150)).toBeGreaterThan(0);
    // The layer's own opacity scales what is read: compare with the middle of the square.
    const full = maskAlpha(el, 200, 150);
    expect(maskAlpha(el, 100, 150)).toBeLessThan(full);
    expect(maskAlpha(el, 96, 150)).toBeGreaterThan(0);
    expect(maskAlpha(el, 96, 150)).toBeLessThan(maskAlpha(el, 100, 150));
    await expect.poll(summary).toMatch(/^2\d\.\d% of the image\.$/);
  });
});
