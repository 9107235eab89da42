import { create } from 'zustand';
import type { ImagePoint } from '../geometry/points';
import type { EditorDocument, MaskOp, Shape, Stroke } from './document';

/** Snapshots kept for undo. Each is an array of shared, immutable ops: no bitmaps. */
export const HISTORY_LIMIT = 100;

interface EditorState {
  doc: EditorDocument | null;
  /** The stroke being drawn; it joins `doc.ops` when it ends. */
  active: Stroke | null;
  past: (readonly MaskOp[])[];
  future: (readonly MaskOp[])[];
}

interface EditorEvents {
  documentOpened: (doc: EditorDocument) => void;
  documentClosed: () => void;
  strokeStarted: (tool: Stroke['tool'], size: number, at: ImagePoint) => void;
  strokeExtended: (at: ImagePoint) => void;
  strokeEnded: () => void;
  /** A second finger turned the touch into a pinch: the stroke is dropped, not kept. */
  strokeCancelled: () => void;
  shapeAdded: (shape: Shape) => void;
  maskCleared: () => void;
  maskInverted: () => void;
  undoRequested: () => void;
  redoRequested: () => void;
  canvasResized: (canvas: EditorDocument['canvas']) => void;
  imageMoved: (imgPos: EditorDocument['imgPos']) => void;
}

export type EditorStore = EditorState & EditorEvents;

const bounded = <T>(xs: T[]): T[] => (xs.length > HISTORY_LIMIT ? xs.slice(-HISTORY_LIMIT) : xs);

/** The store as a factory so tests get their own; the app uses the one hook below. */
export const createEditorStore = () =>
  create<EditorStore>()((set, get) => {
    /** Replaces the ops, remembering the old list for undo. */
    const commit = (next: (ops: readonly MaskOp[]) => MaskOp[]) => {
      const { doc, past } = get();
      if (!doc) return;
      set({
        doc: { ...doc, ops: next(doc.ops) },
        past: bounded([...past, doc.ops]),
        future: [],
      });
    };
    const travel = (from: 'past' | 'future') => {
      const s = get();
      const source = s[from];
      const target = source[source.length - 1];
      if (!s.doc || s.active || target === undefined) return;
      const other = from === 'past' ? 'future' : 'past';
      set({
        doc: { ...s.doc, ops: [...target] },
        [from]: source.slice(0, -1),
        [other]: bounded([...s[other], s.doc.ops]),
      });
    };
    return {
      doc: null,
      active: null,
      past: [],
      future: [],
      documentOpened: (doc) => set({ doc, active: null, past: [], future: [] }),
      documentClosed: () => set({ doc: null, active: null, past: [], future: [] }),
      strokeStarted: (tool, size, at) =>
        set({ active: { type: 'stroke', tool, size, points: [at] } }),
      strokeExtended: (at) => {
        const { active } = get();
        if (active) set({ active: { ...active, points: [...active.points, at] } });
      },
      strokeEnded: () => {
        const { active } = get();
        if (!active) return;
        set({ active: null });
        commit((ops) => [...ops, active]);
      },
      strokeCancelled: () => set({ active: null }),
      shapeAdded: (shape) => commit((ops) => [...ops, shape]),
      maskCleared: () => {
        if ((get().doc?.ops.length ?? 0) > 0) commit(() => []);
      },
      maskInverted: () => commit((ops) => [...ops, { type: 'invert' }]),
      undoRequested: () => travel('past'),
      redoRequested: () => travel('future'),
      canvasResized: (canvas) => {
        const { doc } = get();
        if (doc) set({ doc: { ...doc, canvas } });
      },
      imageMoved: (imgPos) => {
        const { doc } = get();
        if (doc) set({ doc: { ...doc, imgPos } });
      },
    };
  });

export const useEditorStore = createEditorStore();
