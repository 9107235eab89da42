import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import type { Grid } from './grid';
import { countSet, rasterise } from './grid';
import { applyPixels, gridRuns, pixelsOpOf } from './pixels';

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

  it('apply at any offset and width, the bytes read whole or bit by bit, clipped to the grid', () => {
    // A pseudo-random mask with runs of every length, so whole bytes both clear and full
    // meet bytes part set, across rows that start mid-byte.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const [w, h] of [
      [13, 9],
      [64, 5],
      [37, 21],
    ] as const) {
      const g: Grid = { width: w, height: h, data: new Uint8Array(w * h) };
      for (let i = 0; i < w * h;) {
        const run = 1 + Math.floor(next() * 40);
        g.data.fill(next() < 0.5 ? 1 : 0, i, i + run);
        i += run;
      }
      const op = pixelsOpOf(g, 'add');
      const back: Grid = { width: w, height: h, data: new Uint8Array(w * h) };
      applyPixels(back, op);
      expect(back.data).toEqual(g.data);
      // The same op on a smaller grid: what falls outside it is left out, the rest kept.
      const small: Grid = { width: w - 5, height: h - 3, data: new Uint8Array((w - 5) * (h - 3)) };
      applyPixels(small, op);
      for (let y = 0; y < h - 3; y++) {
        expect(Array.from(small.data.subarray(y * (w - 5), (y + 1) * (w - 5)))).toEqual(
          Array.from(g.data.subarray(y * w, y * w + w - 5)),
        );
      }
    }
  });

  it('a replacing selection hides every op before it, and the base', () => {
    const base = rectGrid(100, 80, 0, 0, 100, 80);
    const brush: MaskOp = { type: 'invert' };
    const sel = pixelsOpOf(rectGrid(100, 80, 40, 30, 20, 20), 'replace');
    const after = pixelsOpOf(rectGrid(100, 80, 0, 0, 10, 10), 'add');
    expect(countSet(rasterise([brush, sel], 100, 80, base))).toBe(400);
    expect(countSet(rasterise([sel, brush], 100, 80, base))).toBe(8000 - 400);
    expect(countSet(rasterise([brush, sel, after], 100, 80, base))).toBe(500);
  });

  it('list a selection’s runs, or none once they are more than asked for', () => {
    const g = rectGrid(20, 10, 3, 2, 5, 4);
    g.data.fill(1, 9 * 20 + 15, 9 * 20 + 20);
    const runs = gridRuns(g, { x: 0, y: 0, width: 20, height: 10 }, 10);
    expect(runs && Array.from(runs.data.subarray(0, 3 * runs.count))).toEqual([
      2, 3, 7, 3, 3, 7, 4, 3, 7, 5, 3, 7, 9, 15, 19,
    ]);
    expect(gridRuns(g, { x: 0, y: 0, width: 20, height: 10 }, 4)).toBeNull();
    // Within a box, a run is cut at the box's edge.
    const part = gridRuns(g, { x: 4, y: 3, width: 2, height: 1 }, 10);
    expect(part && Array.from(part.data.subarray(0, 3 * part.count))).toEqual([3, 4, 5]);
  });
});
