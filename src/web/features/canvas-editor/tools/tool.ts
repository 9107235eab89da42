import type { ImagePoint } from '../geometry/points';
import type { EdgeMap } from '../mask/live-wire';
import type { EditorStore } from '../model/editor-store';

export type ToolId = 'brush' | 'eraser' | 'rect' | 'lasso' | 'polygon' | 'wand' | 'magnetic';

/** What a tool's handlers may use: the pointer in image space, the store's events, a draft. */
export interface ToolContext {
  point: ImagePoint;
  brushSize: number;
  events: Pick<EditorStore, 'strokeStarted' | 'strokeExtended' | 'strokeEnded' | 'shapeAdded'>;
  /** The outline being drawn (rect corners, lasso path, polygon clicks): throwaway state. */
  draft: ImagePoint[] | null;
  setDraft: (draft: ImagePoint[] | null) => void;
  /** Marks points of the draft as anchors (the magnetic lasso's). */
  setAnchors: (anchors: ImagePoint[]) => void;
  /** A shape finished now cuts the mask instead of adding to it. */
  subtract: boolean;
  /** Selects the region of similar colour at `at`, as the wand's mode and the keys held say. */
  selectAt: (at: ImagePoint) => void;
  /** The image's edge cost map, once found (the magnetic lasso follows it). */
  edges: EdgeMap | null;
  /** Alt is held: the magnetic lasso takes the pointer's own points. */
  freehand: boolean;
  /** Image pixels per CSS pixel at the present zoom, for distances a hand can aim by. */
  imagePxPerScreenPx: number;
}

/**
 * A tool is a registered object (docs/house-rules.md#rule-4-the-canvas-document-is-data):
 * the stage only routes pointer events.
 */
export interface Tool {
  id: ToolId;
  label: string;
  /** The shortcut, a single lower-case key. */
  key: string;
  cursor: string;
  onPointerDown: (ctx: ToolContext) => void;
  onPointerMove: (ctx: ToolContext) => void;
  onPointerUp: (ctx: ToolContext) => void;
  /** Finishes a multi-click shape (double-click or Enter). */
  onCommit?: (ctx: ToolContext) => void;
  /** Takes back the last corner or anchor placed (Backspace); false when there was none. */
  onBack?: (ctx: ToolContext) => boolean;
  /** Also follows the pointer with no button down, while a shape is being drawn. */
  hover?: true;
}
