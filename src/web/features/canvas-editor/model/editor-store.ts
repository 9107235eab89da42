import { create } from 'zustand';
import type { ImagePoint } from '../geometry/points';
import type { Bake } from './bake';
import { HISTORY_LIMIT, startsWith } from './bake';
import type {
  BaseMask,
  EditorDocument,
  MaskOp,
  MaskState,
  PixelsOp,
  Shape,
  Stroke,
} from './document';

/** What undo brings back: the mask, and where the image sits on which canvas. */
type Snapshot = MaskState & Pick<EditorDocument, 'canvas' | 'imgPos'>;

const snapshotOf = (doc: EditorDocument): Snapshot => ({
  base: doc.base,
  ops: doc.ops,
  canvas: doc.canvas,
  imgPos: doc.imgPos,
});

interface EditorState {
  doc: EditorDocument | null;
  /** The stroke being drawn; it joins `doc.ops` when it ends. */
  active: Stroke | null;
  past: Snapshot[];
  future: Snapshot[];
  /** The latest flattening of old ops into the base, so the mask bitmap can follow it. */
  lastBake: Bake | null;
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
  /** A wand click, or the mask grown, shrunk or feathered: one step of undo. */
  pixelsAdded: (op: PixelsOp) => void;
  maskCleared: () => void;
  maskInverted: () => void;
  undoRequested: () => void;
  redoRequested: () => void;
  /** A new canvas size and where the image now sits on it: one step of undo. */
  canvasResized: (canvas: EditorDocument['canvas'], imgPos: EditorDocument['imgPos']) => void;
  imageMoved: (imgPos: EditorDocument['imgPos']) => void;
  /**
   * `base` is `from.base` with `from.ops` painted over it (flattened in a worker): the
   * document, if it still starts with those ops, says the same mask with fewer ops. Not a
   * step of undo, since nothing visible changes.
   */
  maskBaked: (from: { base: BaseMask | null; ops: readonly MaskOp[] }, base: BaseMask) => void;
}

export type EditorStore = EditorState & EditorEvents;

const bounded = <T>(xs: T[]): T[] => (xs.length > HISTORY_LIMIT ? xs.slice(-HISTORY_LIMIT) : xs);

/** The store as a factory so tests get their own; the app uses the one hook below. */
export const createEditorStore = () =>
  create<EditorStore>()((set, get) => {
    /** Replaces the mask, remembering the old one (and the placement) for undo. */
    const commit = (next: (mask: MaskState) => MaskState, also: Partial<EditorState> = {}) => {
      const { doc, past } = get();
      if (!doc) return;
      const now = snapshotOf(doc);
      set({
        ...also,
        doc: { ...doc, ...next(now) },
        past: bounded([...past, now]),
        future: [],
      });
    };
    /** Moves or resizes, remembering the old placement for undo. */
    const place = (change: Partial<Pick<EditorDocument, 'canvas' | 'imgPos'>>) => {
      const { doc, past } = get();
      if (!doc) return;
      set({ doc: { ...doc, ...change }, past: bounded([...past, snapshotOf(doc)]), future: [] });
    };
    const append = (op: MaskOp, also: Partial<EditorState> = {}) =>
      commit((m) => ({ base: m.base, ops: [...m.ops, op] }), also);
    const travel = (from: 'past' | 'future') => {
      const s = get();
      const source = s[from];
      const target = source[source.length - 1];
      if (!s.doc || s.active || target === undefined) return;
      const other = from === 'past' ? 'future' : 'past';
      set({
        doc: { ...s.doc, ...target },
        [from]: source.slice(0, -1),
        [other]: bounded([...s[other], snapshotOf(s.doc)]),
      });
    };
    return {
      doc: null,
      active: null,
      past: [],
      future: [],
      lastBake: null,
      documentOpened: (doc) => set({ doc, active: null, past: [], future: [], lastBake: null }),
      documentClosed: () => set({ doc: null, active: null, past: [], future: [], lastBake: null }),
      strokeStarted: (tool, size, at) =>
        set({ active: { type: 'stroke', tool, size, points: [at] } }),
      strokeExtended: (at) => {
        const { active } = get();
        if (active) set({ active: { ...active, points: [...active.points, at] } });
      },
      strokeEnded: () => {
        const { active } = get();
        // One update: the stroke leaves `active` and joins the ops in the same render.
        if (active) append(active, { active: null });
      },
      strokeCancelled: () => set({ active: null }),
      shapeAdded: (shape) => append(shape),
      pixelsAdded: (op) => append(op),
      maskCleared: () => {
        const doc = get().doc;
        if (doc && (doc.ops.length > 0 || doc.base)) commit(() => ({ base: null, ops: [] }));
      },
      maskInverted: () => append({ type: 'invert' }),
      undoRequested: () => travel('past'),
      redoRequested: () => travel('future'),
      canvasResized: (canvas, imgPos) => place({ canvas, imgPos }),
      imageMoved: (imgPos) => place({ imgPos }),
      maskBaked: (from, base) => {
        const { doc } = get();
        if (!doc || doc.base !== from.base || !startsWith(doc.ops, from.ops)) return;
        set({
          doc: { ...doc, base, ops: doc.ops.slice(from.ops.length) },
          lastBake: { from: from.base, ops: from.ops, to: base },
        });
      },
    };
  });

export const useEditorStore = createEditorStore();
