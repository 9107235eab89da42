import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import type { Grid } from './grid';
import { countSet, rasterise } from './grid';
import { applyPixels, pixelsOpOf } from './pixels';

/** A grid with the pixels of one rectangle set. */
function rectGrid(width: number, height: number, x0: number, y0: number, w: number, h: number) {
  const g: Grid = { width, height, data: new Uint8Array(width * height) };
  for (let y = y0; y < y0 + h; y++) g.data.fill(1, y * width + x0, y * width + x0 + w);
  return g;
}

describe('pixels ops', () => {
  it('pack a selection within its bounding box, eight pixels to a byte', () => {
    const op = pixelsOpOf(rectGrid(100, 80, 10, 20, 13, 7), 'add');
    expect([op.x, op.y, op.width, op.height]).toEqual([10, 20, 13, 7]);
    expect(op.bits.length).toBe(Math.ceil((13 * 7) / 8));
    const back: Grid = { width: 100, height: 80, data: new Uint8Array(8000) };
    applyPixels(back, op);
    expect(back.data).toEqual(rectGrid(100, 80, 10, 20, 13, 7).data);
  });

  it('replace, add to and cut the mask the ops before them paint', () => {
    const brush: MaskOp = {
      type: 'shape',
      kind: 'rect',
      points: [imagePoint(0, 0), imagePoint(50, 40)],
    };
    const sel = rectGrid(100, 80, 40, 30, 20, 20);
    const count = (how: 'replace' | 'add' | 'subtract') =>
      countSet(rasterise([brush, pixelsOpOf(sel, how)], 100, 80));
    expect(count('replace')).toBe(400);
    // The overlap is 10 × 10.
    expect(count('add')).toBe(2000 + 400 - 100);
    expect(count('subtract')).toBe(2000 - 100);
  });

  it('an empty selection replacing the mask clears it; added, it changes nothing', () => {
    const all: MaskOp = { type: 'invert' };
    const none = pixelsOpOf(rectGrid(10, 10, 0, 0, 0, 0), 'replace');
    expect(none.width * none.height).toBe(0);
    expect(countSet(rasterise([all, none], 10, 10))).toBe(0);
    expect(countSet(rasterise([all, { ...none, how: 'add' }], 10, 10))).toBe(100);
  });
});
