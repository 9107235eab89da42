import type { ScreenPoint, Viewport } from '../geometry/points';
import { screenPoint } from '../geometry/points';
import { clampZoom, screenToStage } from '../geometry/transforms';

/** Two fingers down: where they started, and the view then. */
export interface Pinch {
  mid: ScreenPoint;
  dist: number;
  start: Viewport;
}

const midOf = (a: ScreenPoint, b: ScreenPoint) => screenPoint((a.x + b.x) / 2, (a.y + b.y) / 2);
const distOf = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a.x - b.x, a.y - b.y) || 1;

export const pinchStarted = (a: ScreenPoint, b: ScreenPoint, start: Viewport): Pinch => ({
  mid: midOf(a, b),
  dist: distOf(a, b),
  start,
});

/**
 * Two-finger pan and pinch zoom at once: the stage point that was under the fingers'
 * starting midpoint stays under their current midpoint, scaled by the change in spread.
 */
export function pinchMoved(p: Pinch, a: ScreenPoint, b: ScreenPoint): Viewport {
  const zoom = clampZoom((p.start.zoom * distOf(a, b)) / p.dist);
  const anchor = screenToStage(p.mid, p.start);
  const mid = midOf(a, b);
  return { ...p.start, zoom, panX: mid.x - anchor.x * zoom, panY: mid.y - anchor.y * zoom };
}
