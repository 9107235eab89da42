import { describe, expect, it } from 'vitest';
import type { Pt } from '../mask/grid';
import { emptyGrid, fillPolygon } from '../mask/grid';
import { greyImage, maskIoU } from '../mask/test-images';
import { edgeMap } from '../mask/live-wire';
import type { WireSettings } from './magnetic-wire';
import {
  nearStart,
  settingsAt,
  wireAnchored,
  wireBack,
  wireClosed,
  wireMoved,
  wirePoints,
  wireStarted,
} from './magnetic-wire';

/*
 * A dark square on a light ground: pixels x 20–39, y 15–34 of a 60 × 50 image, so its
 * true edge is the rectangle from corner (20, 15) to corner (40, 35).
 */
const W = 60;
const H = 50;
const inSquare = (x: number, y: number) => x >= 20 && x < 40 && y >= 15 && y < 35;
const image = greyImage(W, H, (x, y) => (inSquare(x, y) ? 40 : 220));
const edges = edgeMap(image);
const S: WireSettings = { radius: 5, spacing: 8, margin: 6, close: 3 };

/** How far a point is from the square's outline. */
function offEdge(p: Pt): number {
  const dx = p.x < 20 ? 20 - p.x : p.x > 40 ? p.x - 40 : 0;
  const dy = p.y < 15 ? 15 - p.y : p.y > 35 ? p.y - 35 : 0;
  if (dx > 0 || dy > 0) return Math.hypot(dx, dy);
  return Math.min(p.x - 20, 40 - p.x, p.y - 15, 35 - p.y);
}

/** A hand's path round the square, 2–4 px outside it and wobbling, clockwise from the top. */
function roughPath(): Pt[] {
  const pts: Pt[] = [];
  const wobble = (i: number) => 3 + Math.sin(i * 1.7);
  for (let x = 22; x <= 40; x += 2) pts.push({ x, y: 15 - wobble(x) });
  for (let y = 17; y <= 35; y += 2) pts.push({ x: 40 + wobble(y), y });
  for (let x = 38; x >= 20; x -= 2) pts.push({ x, y: 35 + wobble(x) });
  for (let y = 33; y >= 17; y -= 2) pts.push({ x: 20 - wobble(y), y });
  return pts;
}

/** The outline filled as the document's shapes are, against the square. */
const iou = (outline: Pt[]) => {
  const g = emptyGrid(W, H);
  fillPolygon(g, outline, 1);
  return maskIoU(g, inSquare);
};

function drawn(points: Pt[], freehand: boolean) {
  const [first, ...rest] = points;
  let w = wireStarted(first!, freehand ? null : edges, S);
  for (const p of rest) w = wireMoved(w, p, edges, S, freehand);
  return w;
}

describe('the magnetic lasso’s path', () => {
  it('follows the square’s edge: every point within 1 px of it, the area all but exact', () => {
    const outline = wireClosed(drawn(roughPath(), false), edges, S);
    expect(outline.length).toBeGreaterThan(3);
    for (const p of outline) expect(offEdge(p)).toBeLessThanOrEqual(1);
    expect(iou(outline)).toBeGreaterThan(0.98);
    // The hand's own path is well off it: the plain lasso's area is measurably worse.
    expect(iou(roughPath())).toBeLessThan(0.8);
  });

  it('starts on the nearest edge, and a jump across a whole side still follows it', () => {
    let w = wireStarted({ x: 17.6, y: 25.2 }, edges, S);
    expect(w.fixed).toEqual([{ x: 20, y: 25 }]);
    w = wireMoved(w, { x: 18, y: 17 }, edges, S, false);
    w = wireMoved(w, { x: 42, y: 13 }, edges, S, false);
    for (const p of wirePoints(w)) expect(offEdge(p)).toBeLessThanOrEqual(1);
    expect(w.anchors.length).toBeGreaterThan(2);
  });

  it('with snapping off, the points are the pointer’s own, in order', () => {
    const raw = roughPath();
    const w = drawn(raw, true);
    expect(wirePoints(w)).toEqual(raw);
    expect(wireClosed(w, null, S)).toEqual(raw);
  });

  it('keeps what it followed when snapping is turned off on the way', () => {
    let w = wireStarted({ x: 20, y: 20 }, edges, S);
    w = wireMoved(w, { x: 19, y: 26 }, edges, S, false);
    const followed = wirePoints(w);
    w = wireMoved(w, { x: 10.5, y: 26.25 }, edges, S, true);
    expect(wirePoints(w)).toEqual([...followed, { x: 10.5, y: 26.25 }]);
  });

  it('Backspace takes back the last anchor and the path to it, then the start', () => {
    let w = wireStarted({ x: 20, y: 20 }, edges, S);
    w = wireAnchored(wireMoved(w, { x: 20, y: 24 }, edges, S, false));
    const one = w;
    w = wireAnchored(wireMoved(w, { x: 21, y: 30 }, edges, S, false));
    expect(w.anchors).toHaveLength(3);
    w = wireBack(w)!;
    expect(w).toEqual(one);
    w = wireBack(w)!;
    expect(w.fixed).toEqual([{ x: 20, y: 20 }]);
    expect(wireBack(w)).toBeNull();
  });

  it('closes near the start only once the path went away from it', () => {
    let w = wireStarted({ x: 20, y: 20 }, edges, S);
    expect(nearStart(w, { x: 21, y: 21 }, S)).toBe(false);
    w = wireMoved(w, { x: 20, y: 30 }, edges, S, false);
    expect(nearStart(w, { x: 21, y: 21 }, S)).toBe(true);
    expect(nearStart(w, { x: 25, y: 21 }, S)).toBe(false);
  });

  it('closes back where it was pressed, though the start snapped to an edge away from it', () => {
    for (const k of [0.25, 1, 2.6]) {
      const s = settingsAt(k);
      const press = { x: 20 - s.radius + 0.5, y: 25 };
      let w = wireStarted(press, edges, s);
      expect(w.fixed[0]).toEqual({ x: 20, y: 25 });
      w = wireMoved(w, { x: 20, y: 25 + 3 * s.close }, edges, s, true);
      expect(nearStart(w, press, s)).toBe(true);
    }
  });
});
