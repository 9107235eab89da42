import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '@/web/styles.css';
import { rasterise } from '../mask/grid';
import { maskIoU } from '../mask/test-images';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { drag, fitted, HEIGHT, openEditor, pointer, viewOf, WIDTH } from './editor-testing';

/*
 * The test image is 400×300: a blue field with a white square of 200×150 in its middle
 * (pixels x 100–299, y 75–224). A hand goes round the square a little outside it,
 * wobbling between 1.5 and 4.5 image pixels off its edge.
 */
const inSquare = (x: number, y: number) => x >= 100 && x < 300 && y >= 75 && y < 225;

function roughPath(): [number, number][] {
  const off = (i: number) => 3 + 1.5 * Math.sin(i * 0.9);
  const pts: [number, number][] = [];
  for (let x = 110; x <= 300; x += 20) pts.push([x, 75 - off(x)]);
  for (let y = 95; y <= 225; y += 20) pts.push([300 + off(y), y]);
  for (let x = 290; x >= 100; x -= 20) pts.push([x, 225 + off(x)]);
  for (let y = 215; y >= 75; y -= 20) pts.push([100 - off(y), y]);
  // Back at the start: letting go there closes the shape.
  pts.push(pts[0]!);
  return pts;
}

/** The mask the document holds now, against the square: intersection over union. */
function squareIoU(): number {
  const doc = useEditorStore.getState().doc;
  return doc ? maskIoU(rasterise(doc.ops, WIDTH, HEIGHT, doc.base), inSquare) : 0;
}

async function withMagnetic() {
  const opened = await openEditor();
  await fitted(opened.stage);
  await userEvent.keyboard('g');
  await expect
    .element(opened.dialog.getByRole('radio', { name: /^Magnetic lasso/ }))
    .toHaveAttribute('aria-checked', 'true');
  await expect.element(opened.stage).toHaveAttribute('data-edges', 'ready');
  return { ...opened, el: opened.stage.element() };
}

describe('the magnetic lasso', () => {
  it('a rough drag round the square masks the square itself, the plain lasso much less so', async () => {
    const { stage, el } = await withMagnetic();
    drag(el, roughPath());
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    const magnetic = squareIoU();
    expect(magnetic).toBeGreaterThanOrEqual(0.97);

    await userEvent.keyboard('{Control>}z{/Control}l');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '0');
    drag(el, roughPath());
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    const plain = squareIoU();
    expect(plain).toBeLessThan(0.95);
    expect(magnetic - plain).toBeGreaterThan(0.03);
  }, 60_000);

  it('works by clicks at another zoom: anchors, Backspace, Enter to close, one undo', async () => {
    const { dialog, stage, el } = await withMagnetic();
    // At 100 %, the hand's distances are other image distances than when fitted.
    const fittedZoom = viewOf(el).zoom;
    await dialog.getByRole('button', { name: '100%' }).click();
    await expect.poll(() => viewOf(el).zoom).not.toBe(fittedZoom);
    const click = (at: [number, number]) => {
      pointer(el, 'pointerdown', at);
      pointer(el, 'pointerup', at);
    };
    const hover = (at: [number, number]) => pointer(el, 'pointermove', at, { buttons: 0 });
    click([102, 120]);
    hover([102, 180]);
    click([103, 222]);
    click([200, 227]);
    click([297, 150]);
    // An anchor far off the square, taken back.
    click([360, 30]);
    const anchors = useViewStore.getState().anchors;
    expect(anchors.at(-1)).toEqual({ x: 360, y: 30 });
    await userEvent.keyboard('{Backspace}');
    expect(useViewStore.getState().anchors).toEqual(anchors.slice(0, -1));
    hover([280, 77]);
    click([280, 77]);
    hover([150, 73]);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '0');
    await userEvent.keyboard('{Enter}');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    expect(squareIoU()).toBeGreaterThanOrEqual(0.97);
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '0');
  });

  it('works by touch: a finger lifted half way leaves an anchor, the next drag goes on', async () => {
    const { stage, el } = await withMagnetic();
    const path = roughPath();
    const half = Math.floor(path.length / 2);
    const touch = { pointerType: 'touch' };
    drag(el, path.slice(0, half + 1), touch);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '0');
    drag(el, path.slice(half), touch);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    expect(squareIoU()).toBeGreaterThanOrEqual(0.97);
  }, 60_000);
});
