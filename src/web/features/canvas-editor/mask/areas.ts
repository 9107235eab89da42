import type { MaskArea } from '@/contract/requests/common';
import { MASK_SIDE_MAX, MASK_SIDE_MIN } from '@/contract/requests/limits';
import type { MaskOp } from '../model/document';
import type { Grid, Pt } from './grid';
import { countSet, emptyGrid, fillPolygon, iou, rasterise } from './grid';
import { simplifyRing } from './simplify';
import { bridgedRings } from './trace';

export const MAX_POINTS_PER_AREA = 256;
const MAX_AREAS = 64;
/** Below this agreement the polygons would not say what was painted: send an image. */
const MIN_IOU = 0.99;

/** What the editor will send for its mask, with what the preview shows of it. */
export type MaskPlan =
  | { kind: 'empty' }
  | { kind: 'areas'; areas: MaskArea[]; polygons: Pt[][]; coverage: number; iou: number }
  | { kind: 'image'; grid: Grid; coverage: number; iou: number };

/**
 * The frame the engine scales back from: twice the image's side where that fits, because
 * the contract takes integer points and traced outlines run through pixel-edge midpoints;
 * always brought into the contract's 500–4096.
 */
const frameSide = (side: number): number =>
  Math.min(MASK_SIDE_MAX, Math.max(MASK_SIDE_MIN, 2 * side));

function simplifyBounded(ring: Pt[], anchors: number[]): Pt[] {
  let eps = 0.7;
  let out = simplifyRing(ring, eps, anchors);
  while (out.length > MAX_POINTS_PER_AREA && eps < 1000) {
    eps *= 1.5;
    out = simplifyRing(ring, eps, anchors);
  }
  return out;
}

/** Half-pixel polygons to contract areas in the scaled frame (integers within the frame). */
function toAreas(polygons: Pt[][], width: number, height: number): MaskArea[] {
  const fw = frameSide(width);
  const fh = frameSide(height);
  return polygons.map((poly) => ({
    width: fw,
    height: fh,
    points: poly.flatMap((p) => [
      Math.min(fw, Math.max(0, Math.round((p.x * fw) / (2 * width)))),
      Math.min(fh, Math.max(0, Math.round((p.y * fh) / (2 * height)))),
    ]),
  }));
}

/** The areas as the engine will fill them, back at image resolution. */
export function rasteriseAreas(areas: readonly MaskArea[], width: number, height: number): Grid {
  const g = emptyGrid(width, height);
  for (const a of areas) {
    const pts: Pt[] = [];
    for (let i = 0; i + 1 < a.points.length; i += 2) {
      pts.push({
        x: ((a.points[i] ?? 0) * width) / a.width,
        y: ((a.points[i + 1] ?? 0) * height) / a.height,
      });
    }
    fillPolygon(g, pts, 1);
  }
  return g;
}

/** One tile of the grid as its own grid, so a long outline can be cut into shorter ones. */
function tile(grid: Grid, x0: number, y0: number, w: number, h: number): Grid {
  const t = emptyGrid(w, h);
  for (let j = 0; j < h; j++) {
    const from = (y0 + j) * grid.width + x0;
    t.data.set(grid.data.subarray(from, from + w), j * w);
  }
  return t;
}

/** Outlines traced per tile of an n×n split: their union is the painting. */
function tracedPolygons(grid: Grid, n: number): Pt[][] {
  const out: Pt[][] = [];
  const tw = Math.ceil(grid.width / n);
  const th = Math.ceil(grid.height / n);
  for (let y0 = 0; y0 < grid.height; y0 += th) {
    for (let x0 = 0; x0 < grid.width; x0 += tw) {
      const w = Math.min(tw, grid.width - x0);
      const h = Math.min(th, grid.height - y0);
      for (const r of bridgedRings(tile(grid, x0, y0, w, h))) {
        const simple = simplifyBounded(r.ring, r.anchors);
        out.push(simple.map((p) => ({ x: p.x + 2 * x0, y: p.y + 2 * y0 })));
      }
    }
  }
  return out;
}

/** Splits tried in turn when one polygon per outline is not faithful within the point limit. */
const SPLITS = [1, 2, 3, 4] as const;

/** Traces a painted grid into areas, and checks them against the painting. */
function planFromGrid(grid: Grid): MaskPlan {
  const set = countSet(grid);
  if (set === 0) return { kind: 'empty' };
  const coverage = set / grid.data.length;
  let best = 0;
  for (const n of SPLITS) {
    const polygons = tracedPolygons(grid, n);
    const areas = toAreas(polygons, grid.width, grid.height).filter((a) => a.points.length >= 6);
    if (areas.length === 0 || areas.length > MAX_AREAS) break;
    const score = iou(grid, rasteriseAreas(areas, grid.width, grid.height));
    if (score >= MIN_IOU) {
      const inImage = polygons.map((poly) => poly.map((p) => ({ x: p.x / 2, y: p.y / 2 })));
      return { kind: 'areas', areas, polygons: inImage, coverage, iou: score };
    }
    best = Math.max(best, score);
  }
  return { kind: 'image', grid, coverage, iou: best };
}

/** The plan for the mask that `ops` paint over `base` (the ops baked out of the history). */
export const planMask = (
  ops: readonly MaskOp[],
  width: number,
  height: number,
  base: Grid | null = null,
): MaskPlan => planFromGrid(rasterise(ops, width, height, base));
