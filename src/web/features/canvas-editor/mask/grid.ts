import type { MaskOp, Shape, Stroke } from '../model/document';
import { applyPixels } from './pixels';

/** A binary mask at image resolution: 1 = repaint. Row-major, one byte per pixel. */
export interface Grid {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Pt {
  x: number;
  y: number;
}

export const emptyGrid = (width: number, height: number): Grid => ({
  width,
  height,
  data: new Uint8Array(width * height),
});

export const countSet = (g: Grid): number => g.data.reduce((n, v) => n + v, 0);

/** Edges crossing the row's centre line, with their x there and winding direction. */
function rowCrossings(pts: readonly Pt[], yc: number): { x: number; w: number }[] {
  const out: { x: number; w: number }[] = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % pts.length];
    if (!a || !b || a.y === b.y) continue;
    const up = a.y < b.y;
    const y0 = up ? a.y : b.y;
    const y1 = up ? b.y : a.y;
    if (yc < y0 || yc >= y1) continue;
    out.push({ x: a.x + ((yc - a.y) * (b.x - a.x)) / (b.y - a.y), w: up ? 1 : -1 });
  }
  return out.sort((p, q) => p.x - q.x);
}

/**
 * Sets every pixel whose centre is inside the polygon (nonzero rule, as the engine's SVG
 * fill) to `value`. Pixel centres, not coverage, so traced outlines reproduce it exactly.
 */
export function fillPolygon(g: Grid, pts: readonly Pt[], value: 0 | 1): void {
  if (pts.length < 3) return;
  const ys = pts.map((p) => p.y);
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(g.height - 1, Math.ceil(Math.max(...ys)));
  for (let j = top; j <= bottom; j++) {
    const xs = rowCrossings(pts, j + 0.5);
    let winding = 0;
    for (let k = 0; k + 1 < xs.length; k++) {
      winding += xs[k]?.w ?? 0;
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil((xs[k]?.x ?? 0) - 0.5));
      const to = Math.min(g.width, Math.ceil((xs[k + 1]?.x ?? 0) - 0.5));
      if (to > from) g.data.fill(value, j * g.width + from, j * g.width + to);
    }
  }
}

/** Pixels whose centre lies within `r` of segment a–b: one piece of a round-capped stroke. */
function fillCapsule(g: Grid, a: Pt, b: Pt, r: number, value: 0 | 1): void {
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
  const x1 = Math.min(g.width - 1, Math.ceil(Math.max(a.x, b.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
  const y1 = Math.min(g.height - 1, Math.ceil(Math.max(a.y, b.y) + r));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const r2 = r * r;
  for (let j = y0; j <= y1; j++) {
    const py = j + 0.5 - a.y;
    for (let i = x0; i <= x1; i++) {
      const px = i + 0.5 - a.x;
      const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, (px * dx + py * dy) / len2));
      const ex = px - t * dx;
      const ey = py - t * dy;
      if (ex * ex + ey * ey <= r2) g.data[j * g.width + i] = value;
    }
  }
}

function drawStroke(g: Grid, s: Stroke): void {
  const value = s.tool === 'eraser' ? 0 : 1;
  const r = s.size / 2;
  const [first] = s.points;
  if (s.points.length === 1 && first) fillCapsule(g, first, first, r, value);
  for (let i = 1; i < s.points.length; i++) {
    const a = s.points[i - 1];
    const b = s.points[i];
    if (a && b) fillCapsule(g, a, b, r, value);
  }
}

/** A rect is stored as two corners; polygons and lassos as their outline. */
export function shapeOutline(s: Shape): Pt[] {
  if (s.kind !== 'rect') return s.points;
  const [a, b] = s.points;
  if (!a || !b) return [];
  return [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }];
}

/** The mask the ops describe, at the image's resolution, painted over `base` when given. */
export function rasterise(
  ops: readonly MaskOp[],
  width: number,
  height: number,
  base: Grid | null = null,
  /** Zeroed memory of `width` × `height` to draw into, rather than new. */
  into?: Uint8Array,
): Grid {
  const g = into ? { width, height, data: into } : emptyGrid(width, height);
  // A replacing selection clears the mask: what came before it, the base too, is not drawn.
  const from = ops.findLastIndex((op) => op.type === 'pixels' && op.how === 'replace');
  if (base && from < 0) g.data.set(base.data);
  for (const op of from < 0 ? ops : ops.slice(from)) {
    if (op.type === 'stroke') drawStroke(g, op);
    else if (op.type === 'shape') fillPolygon(g, shapeOutline(op), op.erase ? 0 : 1);
    else if (op.type === 'pixels') applyPixels(g, op);
    else for (let i = 0; i < g.data.length; i++) g.data[i] = g.data[i] ? 0 : 1;
  }
  return g;
}

/** Intersection over union of two same-sized masks; two empty masks agree fully. */
export function iou(a: Grid, b: Grid): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.data.length; i++) {
    const p = a.data[i] ?? 0;
    const q = b.data[i] ?? 0;
    inter += p & q;
    union += p | q;
  }
  return union === 0 ? 1 : inter / union;
}
