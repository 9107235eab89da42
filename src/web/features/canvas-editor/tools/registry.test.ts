import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import { newDocument } from '../model/document';
import { createEditorStore } from '../model/editor-store';
import type { ImagePoint } from '../geometry/points';
import { toolById, TOOLS } from './registry';
import type { ToolContext, ToolId } from './tool';

function harness() {
  const store = createEditorStore();
  store.getState().documentOpened(newDocument({ url: '/m', width: 100, height: 100 }, 'inpaint'));
  let draft: ImagePoint[] | null = null;
  let subtract = false;
  const selected: ImagePoint[] = [];
  const ctx = (x: number, y: number): ToolContext => ({
    point: imagePoint(x, y),
    brushSize: 10,
    events: store.getState(),
    draft,
    setDraft: (d) => (draft = d),
    subtract,
    selectAt: (at) => selected.push(at),
  });
  const drag = (id: ToolId, pts: [number, number][]) => {
    const tool = toolById(id);
    const [first, ...rest] = pts;
    if (!first) return;
    tool.onPointerDown(ctx(...first));
    for (const p of rest) tool.onPointerMove(ctx(...p));
    tool.onPointerUp(ctx(...(rest[rest.length - 1] ?? first)));
  };
  const cutting = (on: boolean) => (subtract = on);
  return { store, ctx, drag, cutting, selected };
}

describe('tools', () => {
  it('each has its own shortcut, the one the keyboard table gives it', () => {
    expect(new Set(TOOLS.map((t) => t.key)).size).toBe(TOOLS.length);
    expect(TOOLS.map((t) => t.key)).toEqual(['b', 'e', 'r', 'l', 'p', 'w']);
  });

  it('brush and eraser add strokes in image space', () => {
    const { store, drag } = harness();
    drag('brush', [
      [1, 1],
      [5, 5],
      [9, 9],
    ]);
    drag('eraser', [
      [2, 2],
      [3, 3],
    ]);
    const ops = store.getState().doc?.ops ?? [];
    expect(ops.map((o) => (o.type === 'stroke' ? o.tool : o.type))).toEqual(['brush', 'eraser']);
    expect(ops[0]).toMatchObject({
      size: 10,
      points: [
        { x: 1, y: 1 },
        { x: 5, y: 5 },
        { x: 9, y: 9 },
      ],
    });
  });

  it('rectangle and lasso add shapes; a click adds nothing', () => {
    const { store, drag } = harness();
    drag('rect', [
      [10, 10],
      [40, 30],
    ]);
    drag('rect', [[10, 10]]);
    drag('lasso', [
      [0, 0],
      [20, 0],
      [20, 20],
      [0, 20],
    ]);
    expect(store.getState().doc?.ops.map((o) => (o.type === 'shape' ? o.kind : ''))).toEqual([
      'rect',
      'lasso',
    ]);
  });

  it('polygon collects clicks and closes on commit', () => {
    const { store, ctx } = harness();
    const poly = toolById('polygon');
    for (const [x, y] of [
      [0, 0],
      [50, 0],
      [50, 50],
      [50, 50],
    ] as const)
      poly.onPointerDown(ctx(x, y));
    poly.onCommit?.(ctx(0, 0));
    const op = store.getState().doc?.ops[0];
    expect(op).toMatchObject({ kind: 'polygon' });
    expect(op?.type === 'shape' ? op.points : []).toHaveLength(3);
  });

  it('polygon keeps its corners when closed before it has three', () => {
    const { store, ctx } = harness();
    const poly = toolById('polygon');
    poly.onPointerDown(ctx(10, 10));
    poly.onPointerDown(ctx(10, 10));
    poly.onCommit?.(ctx(0, 0));
    expect(store.getState().doc?.ops).toHaveLength(0);
    poly.onPointerDown(ctx(60, 10));
    poly.onPointerDown(ctx(60, 60));
    poly.onCommit?.(ctx(0, 0));
    const op = store.getState().doc?.ops[0];
    expect(op?.type === 'shape' ? op.points : []).toEqual([
      imagePoint(10, 10),
      imagePoint(60, 10),
      imagePoint(60, 60),
    ]);
  });

  it('shapes cut the mask in subtract mode and add to it otherwise', () => {
    const { store, drag, cutting } = harness();
    drag('rect', [
      [10, 10],
      [60, 60],
    ]);
    cutting(true);
    drag('rect', [
      [20, 20],
      [40, 40],
    ]);
    drag('lasso', [
      [0, 0],
      [30, 0],
      [30, 30],
    ]);
    const ops = store.getState().doc?.ops ?? [];
    expect(ops.map((o) => (o.type === 'shape' ? (o.erase ?? false) : null))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('the wand selects where a click or tap ends, once, and paints nothing itself', () => {
    const { store, drag, selected } = harness();
    drag('wand', [
      [10, 10],
      [30, 40],
    ]);
    expect(selected).toEqual([imagePoint(30, 40)]);
    expect(store.getState().doc?.ops).toEqual([]);
  });
});
