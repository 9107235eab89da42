import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import { newDocument } from '../model/document';
import { createEditorStore } from '../model/editor-store';
import type { ImagePoint } from '../geometry/points';
import { greyImage } from '../mask/test-images';
import type { EdgeMap } from '../mask/live-wire';
import { edgeMap } from '../mask/live-wire';
import { toolById, TOOLS } from './registry';
import type { ToolContext, ToolId } from './tool';

function harness() {
  const store = createEditorStore();
  store.getState().documentOpened(newDocument({ url: '/m', width: 100, height: 100 }, 'inpaint'));
  let draft: ImagePoint[] | null = null;
  let subtract = false;
  let edges: EdgeMap | null = null;
  let freehand = false;
  const selected: ImagePoint[] = [];
  const ctx = (x: number, y: number): ToolContext => ({
    point: imagePoint(x, y),
    brushSize: 10,
    events: store.getState(),
    draft,
    setDraft: (d) => (draft = d),
    setAnchors: () => {},
    subtract,
    selectAt: (at) => selected.push(at),
    edges,
    freehand,
    imagePxPerScreenPx: 0.5,
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
  const edgesFound = (map: EdgeMap) => (edges = map);
  const altHeld = (on: boolean) => (freehand = on);
  const drafted = () => draft;
  return { store, ctx, drag, cutting, selected, edgesFound, altHeld, drafted };
}

describe('tools', () => {
  it('each has its own shortcut, the one the keyboard table gives it', () => {
    expect(new Set(TOOLS.map((t) => t.key)).size).toBe(TOOLS.length);
    expect(TOOLS.map((t) => t.key)).toEqual(['b', 'e', 'r', 'l', 'g', 'p', 'w']);
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

  it('Backspace takes back a polygon’s last corner, then the shape', () => {
    const { ctx, drafted } = harness();
    const poly = toolById('polygon');
    poly.onPointerDown(ctx(10, 10));
    poly.onPointerDown(ctx(60, 10));
    expect(poly.onBack?.(ctx(0, 0))).toBe(true);
    expect(drafted()).toEqual([imagePoint(10, 10)]);
    expect(poly.onBack?.(ctx(0, 0))).toBe(true);
    expect(drafted()).toBeNull();
    expect(poly.onBack?.(ctx(0, 0))).toBe(false);
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

  describe('the magnetic lasso', () => {
    // A dark square, pixels 30–69 both ways, on a light ground of 100 × 100.
    const square = edgeMap(
      greyImage(100, 100, (x, y) => (x >= 30 && x < 70 && y >= 30 && y < 70 ? 30 : 230)),
    );
    const onSquareEdge = (p: { x: number; y: number }) =>
      (Math.abs(p.x - 30) <= 1 ||
        Math.abs(p.x - 70) <= 1 ||
        Math.abs(p.y - 30) <= 1 ||
        Math.abs(p.y - 70) <= 1) &&
      p.x >= 29 &&
      p.x <= 71 &&
      p.y >= 29 &&
      p.y <= 71;

    it('a drag round the square, back to its start, adds one lasso shape on its edge', () => {
      const { store, drag, edgesFound } = harness();
      edgesFound(square);
      drag('magnetic', [
        [27, 40],
        [27, 27],
        [50, 27],
        [73, 27],
        [73, 50],
        [73, 73],
        [50, 73],
        [27, 73],
        [27, 50],
        [27, 41],
      ]);
      const ops = store.getState().doc?.ops ?? [];
      expect(ops).toHaveLength(1);
      const [shape] = ops;
      expect(shape?.type === 'shape' && shape.kind).toBe('lasso');
      const points = shape?.type === 'shape' ? shape.points : [];
      expect(points.length).toBeGreaterThan(3);
      expect(points.filter((p) => !onSquareEdge(p))).toEqual([]);
    });

    it('hovering moves the path; clicks anchor, Backspace takes one back, Enter closes', () => {
      const { store, ctx, edgesFound, drafted } = harness();
      edgesFound(square);
      const tool = toolById('magnetic');
      const click = (x: number, y: number) => {
        tool.onPointerDown(ctx(x, y));
        tool.onPointerUp(ctx(x, y));
      };
      click(28, 45);
      tool.onPointerMove(ctx(28, 60));
      expect(drafted()?.every(onSquareEdge)).toBe(true);
      expect(drafted()?.at(-1)).toEqual({ x: 30, y: 60 });
      click(28, 60);
      click(60, 72);
      const threeAnchors = drafted();
      click(90, 90);
      expect(tool.onBack?.(ctx(90, 90))).toBe(true);
      expect(drafted()?.slice(0, threeAnchors?.length)).toEqual(threeAnchors);
      tool.onCommit?.(ctx(0, 0));
      const [shape] = store.getState().doc?.ops ?? [];
      expect(shape?.type).toBe('shape');
      expect(drafted()).toBeNull();
    });

    it('with Alt held it takes the pointer’s own points, and Alt does not make it cut', () => {
      const { store, drag, edgesFound, altHeld } = harness();
      edgesFound(square);
      altHeld(true);
      drag('magnetic', [
        [20.5, 20.5],
        [50.25, 10],
        [80, 40.75],
        [20.5, 21],
      ]);
      expect(store.getState().doc?.ops).toEqual([
        {
          type: 'shape',
          kind: 'lasso',
          points: [
            imagePoint(20.5, 20.5),
            imagePoint(50.25, 10),
            imagePoint(80, 40.75),
            imagePoint(20.5, 21),
          ],
        },
      ]);
    });
  });
});
