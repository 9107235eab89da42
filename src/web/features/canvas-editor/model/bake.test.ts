import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import { rasterise } from '../mask/grid';
import type { Bake } from './bake';
import { BAKE_AT, bakeDue, HISTORY_LIMIT, restate } from './bake';
import type { MaskOp } from './document';
import { newDocument } from './document';
import { createEditorStore } from './editor-store';

const dot = (x: number): MaskOp => ({
  type: 'stroke',
  tool: 'brush',
  size: 8,
  points: [imagePoint(x % 90, 10 + (x % 40))],
});
const ops = Array.from({ length: BAKE_AT + 5 }, (_, i) => dot(i));
const old = rasterise([dot(500)], 100, 60);
const baked = rasterise(ops.slice(0, HISTORY_LIMIT), 100, 60, old);
const bake: Bake = { from: old, ops: ops.slice(0, HISTORY_LIMIT), to: baked };
const pixels = (base: typeof old | null, list: readonly MaskOp[]) =>
  rasterise(list, 100, 60, base).data;

describe('flattening old ops', () => {
  it('is due past BAKE_AT ops of the newest mask, for the oldest HISTORY_LIMIT of them', () => {
    expect(bakeDue({ base: old, ops: ops.slice(0, BAKE_AT) }, true, null)).toBeNull();
    expect(bakeDue({ base: old, ops }, true, null)).toEqual({
      ops: ops.slice(0, HISTORY_LIMIT),
      done: null,
    });
    // A state reached by undo is history: left as it is.
    expect(bakeDue({ base: old, ops }, false, null)).toBeNull();
    // The same ops over the same base again (painted on after an undo): the same new base.
    expect(bakeDue({ base: old, ops: ops.slice(0, BAKE_AT + 1) }, true, bake)?.done).toBe(baked);
    expect(bakeDue({ base: null, ops }, true, bake)?.done).toBeNull();
    expect(bakeDue({ base: old, ops: [dot(1), ...ops] }, true, bake)?.done).toBeNull();
  });

  it('restates a mask across a bake, both ways, with the same pixels', () => {
    const after = restate({ base: old, ops }, baked, bake);
    expect(after).toEqual(ops.slice(HISTORY_LIMIT));
    expect(pixels(baked, after ?? [])).toEqual(pixels(old, ops));
    const before = restate({ base: baked, ops: ops.slice(HISTORY_LIMIT) }, old, bake);
    expect(before).toEqual(ops);
    // Not linked by this bake: null, and the caller redraws from the base.
    expect(restate({ base: null, ops }, baked, bake)).toBeNull();
    expect(restate({ base: old, ops: ops.slice(1) }, baked, bake)).toBeNull();
  });

  it('the document takes a bake only while it still starts with the baked ops', () => {
    const store = createEditorStore();
    store.getState().documentOpened(newDocument({ url: '/m/x/1', width: 100, height: 60 }, 'edit'));
    for (let i = 0; i < ops.length; i++) {
      store.getState().strokeStarted('brush', 8, imagePoint(i % 90, 10 + (i % 40)));
      store.getState().strokeEnded();
    }
    const doc = store.getState().doc;
    if (!doc) throw new Error('no document');
    const due = bakeDue(doc, true, null)?.ops ?? [];
    const next = rasterise(due, 100, 60, doc.base);
    // Cleared before the answer came: the answer is dropped.
    store.getState().maskCleared();
    store.getState().maskBaked({ base: doc.base, ops: due }, next);
    expect(store.getState().doc).toMatchObject({ base: null, ops: [] });
    store.getState().undoRequested();
    const undoDepth = store.getState().past.length;
    store.getState().maskBaked({ base: doc.base, ops: due }, next);
    const now = store.getState().doc;
    expect(now?.base).toBe(next);
    expect(now?.ops).toHaveLength(doc.ops.length - HISTORY_LIMIT);
    expect(pixels(now?.base ?? null, now?.ops ?? [])).toEqual(pixels(doc.base, doc.ops));
    // Not a step of undo: the history is as long as before.
    expect(store.getState().past.length).toBe(undoDepth);
    expect(store.getState().lastBake).toMatchObject({ from: doc.base, to: next });
  });
});
