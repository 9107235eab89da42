import { keyOf } from '@/web/lib/key-actions';
import type { ImagePoint } from '../geometry/points';
import type { Pt } from '../mask/grid';
import { addOutline } from './outline';
import type { Tool, ToolContext } from './tool';
import type { Wire } from './magnetic-wire';
import {
  nearStart,
  settingsAt,
  wireAnchored,
  wireBack,
  wireClosed,
  wireMoved,
  wirePoints,
  wireRedrawn,
  wireStarted,
} from './magnetic-wire';

/*
 * The magnetic lasso: a click (or a touch) starts it, then the path follows the strongest
 * edges near the pointer, with or without a button held; anchors are dropped as it goes
 * and by each click, Backspace takes the last one back, and a click back at the start, a
 * double-click or Enter closes it as a lasso shape: one step of undo. Alt held gives the
 * pointer's own points. The path is kept here; the stage draws it from the draft.
 */
let wire: Wire | null = null;
/** Where the pointer was last: the live part is drawn again to it after a Backspace. */
let pointer: Pt | null = null;

/** The path being drawn, unless the draft was dropped meanwhile (Escape, another tool). */
function current(c: ToolContext): Wire | null {
  if (!c.draft) wire = null;
  return wire;
}

function show(c: ToolContext, next: Wire | null): void {
  wire = next;
  c.setDraft(next ? (wirePoints(next) as ImagePoint[]) : null);
  c.setAnchors(next ? (next.anchors.map((i) => next.fixed[i]) as ImagePoint[]) : []);
}

const edgesOf = (c: ToolContext) => (c.freehand ? null : c.edges);

/** Closes the shape: a lasso shape of the points the path went by, as the plain lasso's. */
function close(c: ToolContext, w: Wire): void {
  wire = null;
  const outline = wireClosed(w, edgesOf(c), settingsAt(c.imagePxPerScreenPx));
  addOutline(c, 'lasso', outline as ImagePoint[]);
}

export const magneticLasso: Tool = {
  id: 'magnetic',
  label: 'Magnetic lasso',
  key: keyOf('editor.magnetic'),
  cursor: 'crosshair',
  hover: true,
  onPointerDown: (c) => {
    const w = current(c);
    const s = settingsAt(c.imagePxPerScreenPx);
    pointer = c.point;
    if (!w) return show(c, wireStarted(c.point, edgesOf(c), s));
    if (nearStart(w, c.point, s)) return close(c, w);
    show(c, wireAnchored(wireMoved(w, c.point, c.edges, s, c.freehand)));
  },
  onPointerMove: (c) => {
    const w = current(c);
    pointer = c.point;
    if (w) show(c, wireMoved(w, c.point, c.edges, settingsAt(c.imagePxPerScreenPx), c.freehand));
  },
  // A drag that ends back at the start closes the shape; one that ends elsewhere leaves an
  // anchor there, so a touch can go on from it.
  onPointerUp: (c) => {
    const w = current(c);
    if (!w) return;
    if (nearStart(w, c.point, settingsAt(c.imagePxPerScreenPx))) return close(c, w);
    show(c, wireAnchored(w));
  },
  onCommit: (c) => {
    const w = current(c);
    if (w) close(c, w);
  },
  onBack: (c) => {
    const w = current(c);
    if (!w) return false;
    const back = wireBack(w);
    const s = settingsAt(c.imagePxPerScreenPx);
    show(c, back && pointer ? wireRedrawn(back, pointer, edgesOf(c), s) : back);
    return true;
  },
};
