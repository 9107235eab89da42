import type { Pt } from '../mask/grid';
import type { EdgeMap } from '../mask/live-wire';
import { liveWire, nearestCorner, snapToEdge, turnsOf } from '../mask/live-wire';

/*
 * The magnetic lasso's path while it is drawn, as plain data: the part fixed by anchors,
 * and the live part from the last anchor to the pointer, which follows the strongest
 * edges. Without an edge map (not there yet, or snapping turned off with Alt) the points
 * are the pointer's own, as the plain lasso's.
 */

/** How far the lasso looks, in image pixels (the tool turns screen distances into these). */
export interface WireSettings {
  /** The pointer snaps to the strongest edge within this distance. */
  radius: number;
  /** An anchor is dropped each time the live part grows this long. */
  spacing: number;
  /** How far the live part may stray beside the straight line from its anchor. */
  margin: number;
  /** The pointer this close to the start closes the shape. */
  close: number;
}

export interface Wire {
  /** The path up to the last anchor; it begins at the start. */
  fixed: Pt[];
  /** Where in `fixed` each anchor is (the first is the start, at 0). */
  anchors: number[];
  /** From the last anchor (not included) to where the pointer is, or snapped to. */
  live: Pt[];
}

/** The screen distances a hand can aim by, in image pixels at this scale. */
export function settingsAt(imagePxPerScreenPx: number): WireSettings {
  const k = imagePxPerScreenPx;
  return {
    radius: Math.max(2, 10 * k),
    spacing: Math.max(8, 40 * k),
    margin: Math.max(6, Math.ceil(12 * k)),
    // Wider than the snapping: back where it was pressed closes it, wherever it snapped to.
    close: Math.max(3, 12 * k),
  };
}

const lastOf = (w: Wire): Pt => w.fixed[w.fixed.length - 1] ?? { x: 0, y: 0 };

/** Every point drawn so far: what the stage shows. */
export const wirePoints = (w: Wire): Pt[] => [...w.fixed, ...w.live];

function pathLength(pts: readonly Pt[], from: Pt): number {
  let len = 0;
  let at = from;
  for (const p of pts) {
    len += Math.hypot(p.x - at.x, p.y - at.y);
    at = p;
  }
  return len;
}

/** A shape starts where the pointer went down: on the nearest strong edge, when snapping. */
export function wireStarted(at: Pt, edges: EdgeMap | null, s: WireSettings): Wire {
  const start = edges ? snapToEdge(edges, at, s.radius) : at;
  return { fixed: [start], anchors: [0], live: [] };
}

/** The live part becomes fixed, with an anchor at its end (a click, or a drag let go). */
export function wireAnchored(w: Wire): Wire {
  if (w.live.length === 0) return w;
  const fixed = [...w.fixed, ...w.live];
  return { fixed, anchors: [...w.anchors, fixed.length - 1], live: [] };
}

/** The edge-following path from the last anchor to `target` (exactly there), as turns. */
function routed(w: Wire, target: Pt, edges: EdgeMap, s: WireSettings): Wire {
  const path = liveWire(edges, lastOf(w), target, Math.ceil(s.margin));
  return { ...w, live: turnsOf(path).slice(1) };
}

/** The most corners one search may cover while the pointer moves: a few ms of work. */
const MOVE_CORNERS = 40_000;
/** The most for the way back when the shape is closed, which happens once. */
const CLOSE_CORNERS = 1_000_000;

/**
 * The live part to `target`, found in one search when the box it needs is small enough;
 * a longer way is walked in steps, each to the strongest edge near the straight line and
 * anchored, so that no one search covers more than `most` corners.
 */
function walked(w: Wire, target: Pt, edges: EdgeMap, s: WireSettings, most: number): Wire {
  const from = lastOf(w);
  const side = (d: number) => Math.abs(d) + 2 * Math.ceil(s.margin) + 1;
  const corners = side(target.x - from.x) * side(target.y - from.y);
  const steps = Math.ceil(Math.sqrt(corners / most));
  let next = w;
  for (let k = 1; k < steps; k++) {
    const p = {
      x: from.x + ((target.x - from.x) * k) / steps,
      y: from.y + ((target.y - from.y) * k) / steps,
    };
    next = wireAnchored(routed(next, snapToEdge(edges, p, s.radius), edges, s));
  }
  return routed(next, target, edges, s);
}

/** The live part to the pointer (snapped); once it is a spacing long, it is anchored. */
export function wireMoved(
  w: Wire,
  at: Pt,
  edges: EdgeMap | null,
  s: WireSettings,
  freehand: boolean,
): Wire {
  if (!edges || freehand) {
    // What was followed so far stays; from here the points are the pointer's own.
    const kept = wireAnchored(w);
    const fixed = [...kept.fixed, at];
    return { fixed, anchors: [...kept.anchors, fixed.length - 1], live: [] };
  }
  const next = walked(w, snapToEdge(edges, at, s.radius), edges, s, MOVE_CORNERS);
  return pathLength(next.live, lastOf(next)) >= s.spacing ? wireAnchored(next) : next;
}

/** The live part drawn again to the pointer, with no anchor dropped (after a Backspace). */
export const wireRedrawn = (w: Wire, at: Pt, edges: EdgeMap | null, s: WireSettings): Wire =>
  edges ? routed(w, snapToEdge(edges, at, s.radius), edges, s) : w;

/** Backspace: the last anchor and the path to it go; null when only the start was left. */
export function wireBack(w: Wire): Wire | null {
  if (w.anchors.length <= 1) return null;
  const anchors = w.anchors.slice(0, -1);
  const last = anchors[anchors.length - 1] ?? 0;
  return { fixed: w.fixed.slice(0, last + 1), anchors, live: [] };
}

/** Whether the pointer at `at` would close the shape: near its start, gone away and back. */
export function nearStart(w: Wire, at: Pt, s: WireSettings): boolean {
  const start = w.fixed[0];
  if (!start || Math.hypot(at.x - start.x, at.y - start.y) > s.close) return false;
  const pts = wirePoints(w);
  return pts.some((p) => Math.hypot(p.x - start.x, p.y - start.y) > 2 * s.close);
}

/**
 * The finished outline: the path so far, then back to the start along the edges (with
 * snapping) or straight (without): what the plain lasso would make of those points.
 */
export function wireClosed(w: Wire, edges: EdgeMap | null, s: WireSettings): Pt[] {
  const done = wireAnchored(w);
  const start = done.fixed[0];
  if (!edges || !start) return done.fixed;
  const back = wireAnchored(walked(done, nearestCorner(edges, start), edges, s, CLOSE_CORNERS));
  // The way back ends on the start itself, which the outline already begins with.
  return back.fixed.slice(0, -1);
}
