import type { KonvaEventObject } from 'konva/lib/Node';
import { useRef } from 'react';
import type { ScreenPoint } from '../geometry/points';
import { screenPoint } from '../geometry/points';
import { screenToImage, zoomAt } from '../geometry/transforms';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { toolById } from '../tools/registry';
import type { ToolContext } from '../tools/tool';
import { edgesOf, selectionRequested, wandHow } from './selections';
import type { Pinch } from './touch-gesture';
import { pinchMoved, pinchStarted } from './touch-gesture';

type PointerEvt = KonvaEventObject<PointerEvent>;

/** The pointer in screen space: CSS pixels from the stage's top-left corner. */
function screenOf(e: { evt: MouseEvent }, el: HTMLElement): ScreenPoint {
  const r = el.getBoundingClientRect();
  return screenPoint(e.evt.clientX - r.left, e.evt.clientY - r.top);
}

/** The keys held with a pointer event that tools read. */
type Mods = Pick<MouseEvent, 'altKey' | 'shiftKey'>;
const NO_MODS: Mods = { altKey: false, shiftKey: false };

/**
 * Builds the context a tool sees, converting the pointer to image space once, here. Alt
 * flips a shape between adding and cutting, but for the magnetic lasso, where it turns
 * snapping off; Shift and Alt set what a wand click does.
 */
function toolContext(s: ScreenPoint, mods: Mods = NO_MODS): ToolContext {
  const view = useViewStore.getState();
  const editor = useEditorStore.getState();
  const doc = editor.doc;
  const at = doc?.imgPos ?? { x: 0, y: 0, width: 1, height: 1 };
  const image = doc?.image ?? { width: 1, height: 1 };
  const magnetic = view.tool === 'magnetic';
  return {
    point: screenToImage(s, view.viewport, at, image),
    brushSize: view.brushSize,
    events: editor,
    draft: view.draft,
    setDraft: view.draftChanged,
    setAnchors: view.anchorsChanged,
    subtract: (view.shapeMode === 'subtract') !== (mods.altKey && !magnetic),
    selectAt: (at) => selectionRequested({ kind: 'wand', at, how: wandHow(mods) }),
    edges: doc && magnetic ? edgesOf(doc.image.url) : null,
    freehand: mods.altKey,
    imagePxPerScreenPx: image.width / (at.width * view.viewport.zoom),
  };
}

/**
 * Closes the shape being drawn by clicks, a polygon or a magnetic lasso (double-click or
 * Enter); Alt makes a polygon cut the mask. False when there was none.
 */
export function shapeFinished(alt: boolean): boolean {
  const { tool, draft } = useViewStore.getState();
  const commit = tool === 'move' ? undefined : toolById(tool).onCommit;
  if (!commit || !draft) return false;
  // The tools use the points drawn, not the pointer: any point will do.
  commit(toolContext(screenPoint(0, 0), { altKey: alt, shiftKey: false }));
  return true;
}

/** Backspace: the last corner or anchor of the shape being drawn goes; false if none. */
export function shapeStepBack(): boolean {
  const { tool } = useViewStore.getState();
  const back = tool === 'move' ? undefined : toolById(tool).onBack;
  return back?.(toolContext(screenPoint(0, 0))) ?? false;
}

/**
 * Routes the stage's pointer events: middle button or space + drag pans, anything else
 * goes to the active tool. Mouse, pen and touch all arrive as pointer events.
 */
export function useStagePointer(container: React.RefObject<HTMLDivElement | null>) {
  const pan = useRef<{ from: ScreenPoint; panX: number; panY: number } | null>(null);
  const down = useRef(false);
  const touches = useRef(new Map<number, ScreenPoint>());
  const pinch = useRef<Pinch | null>(null);

  /** Tracks fingers; true when two are down and the event belongs to the pinch. */
  const touchGesture = (e: PointerEvt, s: ScreenPoint, phase: 'down' | 'move' | 'up') => {
    if (e.evt.pointerType !== 'touch') return false;
    const t = touches.current;
    if (phase === 'up') t.delete(e.evt.pointerId);
    else t.set(e.evt.pointerId, s);
    const [a, b] = [...t.values()];
    if (phase === 'down' && a && b) {
      useEditorStore.getState().strokeCancelled();
      useViewStore.getState().draftChanged(null);
      down.current = false;
      pinch.current = pinchStarted(a, b, useViewStore.getState().viewport);
    } else if (phase === 'move' && a && b && pinch.current) {
      useViewStore.getState().viewportChanged(pinchMoved(pinch.current, a, b));
    }
    const active = pinch.current !== null;
    if (t.size < 2) pinch.current = null;
    return active;
  };

  const onPointerDown = (e: PointerEvt) => {
    const el = container.current;
    if (!el) return;
    const s = screenOf(e, el);
    if (touchGesture(e, s, 'down')) return;
    const view = useViewStore.getState();
    (e.evt.target as Element | null)?.setPointerCapture?.(e.evt.pointerId);
    if (e.evt.button === 1 || view.panKey) {
      e.evt.preventDefault();
      pan.current = { from: s, panX: view.viewport.panX, panY: view.viewport.panY };
      return;
    }
    if (e.evt.button !== 0 || view.tool === 'move') return;
    down.current = true;
    toolById(view.tool).onPointerDown(toolContext(s, e.evt));
  };

  const onPointerMove = (e: PointerEvt) => {
    const el = container.current;
    if (!el) return;
    const s = screenOf(e, el);
    if (touchGesture(e, s, 'move')) return;
    const view = useViewStore.getState();
    const p = pan.current;
    if (p) {
      const panX = p.panX + s.x - p.from.x;
      const panY = p.panY + s.y - p.from.y;
      view.viewportChanged({ ...view.viewport, panX, panY });
      return;
    }
    if (view.tool === 'move') return;
    const tool = toolById(view.tool);
    if (down.current || (tool.hover && view.draft)) tool.onPointerMove(toolContext(s, e.evt));
  };

  const onPointerUp = (e: PointerEvt) => {
    const el = container.current;
    pan.current = null;
    if (!el || touchGesture(e, screenOf(e, el), 'up') || !down.current) return;
    down.current = false;
    const view = useViewStore.getState();
    if (view.tool !== 'move') toolById(view.tool).onPointerUp(toolContext(screenOf(e, el), e.evt));
  };

  /**
   * Closes a polygon. This is the browser's own double-click, which needs both clicks
   * near each other: Konva's pairs any two clicks 400 ms apart, so it would take the end
   * of the previous gesture and a polygon's first click for one and close a 1-point shape.
   */
  const onDoubleClick = (e: React.MouseEvent) => void shapeFinished(e.altKey);

  const onWheel = (e: KonvaEventObject<WheelEvent>) => {
    const el = container.current;
    if (!el) return;
    e.evt.preventDefault();
    const view = useViewStore.getState();
    // Trackpad pinches arrive as ctrl + wheel with small deltas: the same curve serves both.
    const factor = Math.exp(-e.evt.deltaY * (e.evt.ctrlKey ? 0.01 : 0.0015));
    view.viewportChanged(zoomAt(view.viewport, screenOf(e, el), view.viewport.zoom * factor));
  };

  return { stage: { onPointerDown, onPointerMove, onPointerUp, onWheel }, onDoubleClick };
}
