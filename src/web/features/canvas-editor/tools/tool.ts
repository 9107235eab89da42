import type { ImagePoint } from '../geometry/points';
import type { EditorStore } from '../model/editor-store';

export type ToolId = 'brush' | 'eraser' | 'rect' | 'lasso' | 'polygon' | 'wand';

/** What a tool's handlers may use: the pointer in image space, the store's events, a draft. */
export interface ToolContext {
  point: ImagePoint;
  brushSize: number;
  events: Pick<EditorStore, 'strokeStarted' | 'strokeExtended' | 'strokeEnded' | 'shapeAdded'>;
  /** The outline being drawn (rect corners, lasso path, polygon clicks): throwaway state. */
  draft: ImagePoint[] | null;
  setDraft: (draft: ImagePoint[] | null) => void;
  /** A shape finished now cuts the mask instead of adding to it. */
  subtract: boolean;
  /** Selects the region of similar colour at `at`, as the wand's mode and the keys held say. */
  selectAt: (at: ImagePoint) => void;
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
}
