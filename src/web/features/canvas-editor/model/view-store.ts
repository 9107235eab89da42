import { create } from 'zustand';
import type { ImagePoint, Size, Viewport } from '../geometry/points';
import type { ToolId } from '../tools/tool';

/*
 * How the editor is being looked at and used: client state that is not part of the
 * document (nothing here is sent or undone).
 */
export type EditorToolId = ToolId | 'move';

export const BRUSH_MIN = 2;
export const BRUSH_MAX = 400;

interface ViewState {
  tool: EditorToolId;
  /** Brush and eraser diameter in image pixels. */
  brushSize: number;
  maskOpacity: number;
  maskVisible: boolean;
  viewport: Viewport;
  stageSize: Size;
  /** Space is held: a drag pans instead of painting. */
  panKey: boolean;
  /** The outline a shape tool is drawing. */
  draft: ImagePoint[] | null;
  /** The magnetic lasso's anchors on that outline. */
  anchors: ImagePoint[];
  /** Whether rectangle, lasso and polygon add to the mask or cut it (Alt flips it). */
  shapeMode: ShapeMode;
  /** What a wand click does to the mask (Shift adds, Alt subtracts whatever this is). */
  wandMode: WandMode;
  wand: WandSettings;
  /** Image pixels that Grow, Shrink and Feather work by. */
  selectPx: number;
  /** A selection is being worked out (in its worker). */
  selecting: boolean;
  /** What went wrong in the background, told to the user until dismissed (null: nothing). */
  problem: string | null;
  /** The magnetic lasso's edges of the image: being found, there, or not to be had. */
  edges: 'finding' | 'ready' | 'failed' | null;
}

type ShapeMode = 'add' | 'subtract';
export type WandMode = 'replace' | 'add' | 'subtract';

interface WandSettings {
  /** 0–255: how far each of red, green and blue may differ from the clicked pixel. */
  tolerance: number;
  /** Only the region connected to the clicked pixel, or every similar pixel. */
  contiguous: boolean;
  /** The image's own pixels, or the image as shown (with the mask's colour over it). */
  sample: 'image' | 'shown';
}

export const SELECT_PX_MAX = 200;

interface ViewEvents {
  toolSelected: (tool: EditorToolId) => void;
  brushResized: (size: number) => void;
  maskOpacityChanged: (opacity: number) => void;
  maskVisibilityToggled: () => void;
  viewportChanged: (viewport: Viewport) => void;
  stageResized: (size: Size) => void;
  panKeyChanged: (held: boolean) => void;
  draftChanged: (draft: ImagePoint[] | null) => void;
  anchorsChanged: (anchors: ImagePoint[]) => void;
  shapeModeChanged: (mode: ShapeMode) => void;
  wandModeChanged: (mode: WandMode) => void;
  wandChanged: (change: Partial<WandSettings>) => void;
  selectPxChanged: (px: number) => void;
  selectingChanged: (selecting: boolean) => void;
  problemShown: (problem: string | null) => void;
  edgesChanged: (edges: ViewState['edges']) => void;
  viewReset: () => void;
}

const initial: ViewState = {
  tool: 'brush',
  brushSize: 40,
  maskOpacity: 0.5,
  maskVisible: true,
  viewport: { zoom: 1, panX: 0, panY: 0, dpr: 1 },
  stageSize: { width: 0, height: 0 },
  panKey: false,
  draft: null,
  anchors: [],
  shapeMode: 'add',
  wandMode: 'replace',
  wand: { tolerance: 32, contiguous: true, sample: 'image' },
  selectPx: 4,
  selecting: false,
  problem: null,
  edges: null,
};

export const useViewStore = create<ViewState & ViewEvents>()((set) => ({
  ...initial,
  toolSelected: (tool) => set({ tool, draft: null }),
  brushResized: (size) =>
    set({ brushSize: Math.round(Math.min(BRUSH_MAX, Math.max(BRUSH_MIN, size))) }),
  maskOpacityChanged: (maskOpacity) => set({ maskOpacity }),
  maskVisibilityToggled: () => set((s) => ({ maskVisible: !s.maskVisible })),
  viewportChanged: (viewport) => set({ viewport }),
  stageResized: (stageSize) => set({ stageSize }),
  panKeyChanged: (panKey) => set({ panKey }),
  draftChanged: (draft) => set({ draft }),
  anchorsChanged: (anchors) => set({ anchors }),
  shapeModeChanged: (shapeMode) => set({ shapeMode }),
  wandModeChanged: (wandMode) => set({ wandMode }),
  wandChanged: (change) => set((s) => ({ wand: { ...s.wand, ...change } })),
  selectPxChanged: (px) =>
    set({ selectPx: Math.round(Math.min(SELECT_PX_MAX, Math.max(1, px || 1))) }),
  selectingChanged: (selecting) => set({ selecting }),
  problemShown: (problem) => set({ problem }),
  edgesChanged: (edges) => set({ edges }),
  viewReset: () => set(initial),
}));

/** `[` and `]` step the brush by about 15%, at least one pixel. */
export const nextBrushSize = (size: number, dir: 1 | -1): number =>
  dir > 0 ? Math.max(size + 1, size * 1.15) : Math.min(size - 1, size / 1.15);
