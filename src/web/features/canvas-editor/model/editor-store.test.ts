import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import { editorDocumentSchema, newDocument } from './document';
import { createEditorStore, HISTORY_LIMIT } from './editor-store';

const open = () => {
  const store = createEditorStore();
  store
    .getState()
    .documentOpened(newDocument({ url: '/media/x/1', width: 800, height: 600 }, 'inpaint'));
  return store;
};

const paint = (store: ReturnType<typeof open>, x: number) => {
  const s = store.getState();
  s.strokeStarted('brush', 20, imagePoint(x, 10));
  s.strokeExtended(imagePoint(x + 5, 20));
  s.strokeEnded();
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
    expect(past[past.length - 1]?.[0]).toBe(doc?.ops[0]);
  });
});
