import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import { editorDocumentSchema, newDocument } from './document';
import type { Grid } from '../mask/grid';
import { rasterise } from '../mask/grid';
import { createMaskBaker } from '../mask/baker';
import { BAKE_AT, bakeDue, HISTORY_LIMIT } from './bake';
import { createEditorStore } from './editor-store';

const open = (width = 800, height = 600) => {
  const store = createEditorStore();
  store.getState().documentOpened(newDocument({ url: '/media/x/1', width, height }, 'inpaint'));
  return store;
};

/** What the editor's bake hook does after every change; in node the baker works inline. */
const bakeIfDue = (store: ReturnType<typeof open>) => {
  const { doc, future, lastBake, maskBaked } = store.getState();
  const due = doc && bakeDue(doc, future.length === 0, lastBake);
  if (!doc || !due) return;
  const { base, image } = doc;
  const from = { base, ops: due.ops };
  if (due.done) return maskBaked(from, due.done);
  const size = { width: image.width, height: image.height };
  createMaskBaker().bake({ ops: due.ops, base, ...size }, (baked) => maskBaked(from, baked));
};

const paint = (store: ReturnType<typeof open>, x: number) => {
  const s = store.getState();
  s.strokeStarted('brush', 20, imagePoint(x, 10));
  s.strokeExtended(imagePoint(x + 5, 20));
  s.strokeEnded();
  bakeIfDue(store);
};

describe('editor store', () => {
  it('adds a stroke when it ends and keeps the document serialisable', () => {
    const store = open();
    paint(store, 1);
    const doc = store.getState().doc;
    expect(doc?.ops).toHaveLength(1);
    const parsed = editorDocumentSchema.parse(JSON.parse(JSON.stringify(doc)));
    expect(parsed).toEqual(doc);
  });

  it('undo and redo take back moving the image and resizing the canvas, mask untouched', () => {
    const store = open();
    paint(store, 1);
    const placed = store.getState().doc;
    store.getState().imageMoved({ x: 40, y: 30, width: 800, height: 600 });
    store
      .getState()
      .canvasResized({ width: 1200, height: 600 }, { x: 200, y: 0, width: 800, height: 600 });
    store.getState().undoRequested();
    expect(store.getState().doc?.imgPos).toEqual({ x: 40, y: 30, width: 800, height: 600 });
    expect(store.getState().doc?.canvas).toEqual(placed?.canvas);
    store.getState().undoRequested();
    expect(store.getState().doc?.imgPos).toEqual(placed?.imgPos);
    expect(store.getState().doc?.ops).toEqual(placed?.ops);
    store.getState().redoRequested();
    store.getState().redoRequested();
    expect(store.getState().doc?.canvas).toEqual({ width: 1200, height: 600 });
    expect(store.getState().doc?.imgPos.x).toBe(200);
  });

  it('undo and redo restore exact states', () => {
    const store = open();
    paint(store, 1);
    const one = store.getState().doc?.ops;
    paint(store, 2);
    store.getState().maskInverted();
    const three = structuredClone(store.getState().doc?.ops);
    store.getState().undoRequested();
    store.getState().undoRequested();
    expect(store.getState().doc?.ops).toEqual(one);
    store.getState().redoRequested();
    store.getState().redoRequested();
    expect(store.getState().doc?.ops).toEqual(three);
    store.getState().redoRequested();
    expect(store.getState().doc?.ops).toEqual(three);
  });

  it('clear is undoable and a new op drops the redo branch', () => {
    const store = open();
    paint(store, 1);
    store.getState().maskCleared();
    expect(store.getState().doc?.ops).toEqual([]);
    store.getState().undoRequested();
    expect(store.getState().doc?.ops).toHaveLength(1);
    paint(store, 3);
    expect(store.getState().future).toEqual([]);
  });

  it('bounds the history and shares ops between snapshots', () => {
    const store = open();
    for (let i = 0; i < HISTORY_LIMIT + 50; i++) paint(store, i);
    const { past, doc } = store.getState();
    expect(past).toHaveLength(HISTORY_LIMIT);
    expect(past[past.length - 1]?.ops[0]).toBe(doc?.ops[0]);
  });

  it('flattens old ops into the base mask: a long session keeps bounded ops, undo unchanged', () => {
    const store = open(80, 60);
    const strokes = 5 * BAKE_AT;
    // The mask after every commit, as what it draws: compared pixel by pixel after undo.
    const states: Grid[] = [];
    const record = () => {
      const { doc } = store.getState();
      if (!doc) throw new Error('no document');
      // Every op kept: at most BAKE_AT after a bake, whatever the session's length.
      expect(doc.ops.length).toBeLessThanOrEqual(BAKE_AT);
      if (states.length > 0 || strokes - 60 < stroke) {
        states.push(rasterise(doc.ops, 80, 60, doc.base));
      }
    };
    let stroke = 0;
    for (; stroke < strokes; stroke++) {
      paint(store, stroke % 70);
      record();
      if (stroke % 3 === 0) {
        store.getState().maskInverted();
        bakeIfDue(store);
        record();
      }
    }
    const { doc, past } = store.getState();
    expect(doc?.base).not.toBeNull();
    expect(past).toHaveLength(HISTORY_LIMIT);
    // Distinct ops and base masks reachable from the document and its history: bounded.
    const reachable = [doc, ...past];
    const ops = new Set(reachable.flatMap((m) => m?.ops ?? []));
    const bases = new Set(reachable.map((m) => m?.base).filter(Boolean));
    expect(ops.size).toBeLessThanOrEqual(BAKE_AT + HISTORY_LIMIT);
    expect(bases.size).toBeLessThanOrEqual(3);
    // Undo walks back through the bakes to the exact earlier masks.
    for (let k = states.length - 2; k >= 0; k--) {
      store.getState().undoRequested();
      const now = store.getState().doc;
      if (!now) throw new Error('no document');
      expect(rasterise(now.ops, 80, 60, now.base).data).toEqual(states[k]?.data);
    }
  });

  it('clears a baked mask too', () => {
    const store = open();
    for (let i = 0; i < BAKE_AT + 1; i++) paint(store, i);
    expect(store.getState().doc?.base).not.toBeNull();
    store.getState().maskCleared();
    expect(store.getState().doc).toMatchObject({ base: null, ops: [] });
    store.getState().undoRequested();
    expect(store.getState().doc?.base).not.toBeNull();
  });
});
