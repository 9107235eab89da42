import type { Grid, Pt } from './grid';

/*
 * Traces a binary grid into closed outlines along pixel edges (integer corners), so the
 * outlines filled by pixel centres give back exactly the grid. Outlines run clockwise
 * (y down) around set pixels, holes the other way; each hole is then joined to its outline
 * by a zero-width bridge, so one polygon per outline fills correctly under the engine's
 * nonzero rule while every polygon is filled on its own.
 */

// Directions: 0 east, 1 south, 2 west, 3 north.
const DX = [1, 0, -1, 0] as const;
const DY = [0, 1, 0, -1] as const;

const at = (g: Grid, x: number, y: number): boolean =>
  x >= 0 && y >= 0 && x < g.width && y < g.height && g.data[y * g.width + x] === 1;

/** Bits of the boundary edges leaving corner (x, y), set pixels on each edge's right. */
function outEdges(g: Grid, x: number, y: number): number {
  const tl = at(g, x - 1, y - 1);
  const tr = at(g, x, y - 1);
  const bl = at(g, x - 1, y);
  const br = at(g, x, y);
  return (br && !tr ? 1 : 0) | (bl && !br ? 2 : 0) | (tl && !bl ? 4 : 0) | (tr && !tl ? 8 : 0);
}

/** Follows one outline from corner (x, y) leaving in direction `d`, keeping corners only. */
function follow(g: Grid, used: Uint8Array, x0: number, y0: number, d0: number): Pt[] {
  const ring: Pt[] = [];
  let x = x0;
  let y = y0;
  let d = d0;
  for (;;) {
    const v = y * (g.width + 1) + x;
    used[v] = (used[v] ?? 0) | (1 << d);
    x += DX[d] ?? 0;
    y += DY[d] ?? 0;
    const outs = outEdges(g, x, y);
    // Right turn first, so pixels touching only at a corner make separate outlines.
    const next = [(d + 1) % 4, d, (d + 3) % 4].find((c) => outs & (1 << c));
    if (next === undefined || used[y * (g.width + 1) + x]! & (1 << next)) break;
    if (next !== d) ring.push({ x, y });
    d = next;
  }
  if (d !== d0) ring.push({ x: x0, y: y0 });
  return ring;
}

/** Twice the signed area (y down): positive for outlines, negative for holes. */
function signedArea2(ring: readonly Pt[]): number {
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return s;
}

function traceContours(g: Grid): Pt[][] {
  const used = new Uint8Array((g.width + 1) * (g.height + 1));
  const rings: Pt[][] = [];
  for (let y = 0; y <= g.height; y++) {
    for (let x = 0; x <= g.width; x++) {
      let free = outEdges(g, x, y) & ~used[y * (g.width + 1) + x]!;
      while (free) {
        const d = Math.log2(free & -free);
        rings.push(follow(g, used, x, y, d));
        free = outEdges(g, x, y) & ~used[y * (g.width + 1) + x]!;
      }
    }
  }
  return rings.filter((r) => r.length >= 4);
}

function pointInRing(p: Pt, ring: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

/** The centre of an unset pixel beside the hole's first edge: certainly inside the hole. */
function holeProbe(hole: readonly Pt[]): Pt {
  const a = hole[0]!;
  const b = hole[1]!;
  const dx = Math.sign(b.x - a.x);
  const dy = Math.sign(b.y - a.y);
  return { x: a.x + dx * 0.5 + dy * 0.5, y: a.y + dy * 0.5 - dx * 0.5 };
}

export interface BridgedRing {
  /** In half pixels (doubled coordinates), so edge midpoints are integers. */
  ring: Pt[];
  /** Indices of the bridge ends, which simplification must keep in place. */
  anchors: number[];
}

/**
 * The outline through the midpoints of its pixel edges (as marching squares gives it), in
 * doubled coordinates. It still separates every pixel centre correctly, and a diagonal
 * staircase becomes a straight line, which simplifies to a few points.
 */
function midpointRing(corners: readonly Pt[]): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    const dx = Math.sign(b.x - a.x);
    const dy = Math.sign(b.y - a.y);
    const first = { x: 2 * a.x + dx, y: 2 * a.y + dy };
    const last = { x: 2 * b.x - dx, y: 2 * b.y - dy };
    out.push(first);
    if (last.x !== first.x || last.y !== first.y) out.push(last);
  }
  return out;
}

/** Outlines with their holes bridged in, one ring per outline, in doubled coordinates. */
export function bridgedRings(g: Grid): BridgedRing[] {
  const rings = traceContours(g);
  const outers = rings.filter((r) => signedArea2(r) > 0);
  const holes = rings.filter((r) => signedArea2(r) < 0);
  const holesOf = outers.map(() => [] as Pt[][]);
  for (const hole of holes) {
    const probe = holeProbe(hole);
    let best = -1;
    outers.forEach((o, i) => {
      const smaller = best < 0 || signedArea2(o) < signedArea2(outers[best]!);
      if (smaller && pointInRing(probe, o)) best = i;
    });
    holesOf[best]?.push(midpointRing(hole));
  }
  return outers.map((o, i) => mergeHoles(midpointRing(o), holesOf[i] ?? []));
}

const minX = (r: readonly Pt[]) => Math.min(...r.map((p) => p.x));
const same = (p: Pt, q: Pt) => p.x === q.x && p.y === q.y;

/**
 * Joins holes, left to right, by a horizontal bridge to the nearest edge on their left
 * (holes further right cannot be in the way). At the odd y of a hole's leftmost point,
 * every crossing lies on an integer point, so the bridge stays on integers.
 */
function mergeHoles(outer: Pt[], holes: Pt[][]): BridgedRing {
  let ring = [...outer];
  const anchored: Pt[] = [];
  for (const hole of [...holes].sort((a, b) => minX(a) - minX(b))) {
    const hi = hole.reduce((best, p, i) => (p.x < hole[best]!.x ? i : best), 0);
    const h = hole[hi]!;
    const hit = nearestLeftCrossing(ring, h);
    if (!hit) continue;
    const a = ring[hit.index]!;
    const b = { x: hit.x, y: h.y };
    const loop = [...hole.slice(hi), ...hole.slice(0, hi), h];
    const start = same(a, b) ? [a] : [a, b];
    ring = [...ring.slice(0, hit.index), ...start, ...loop, b, ...ring.slice(hit.index + 1)];
    anchored.push(b, h);
  }
  const anchors = ring.flatMap((p, i) => (anchored.some((q) => same(p, q)) ? [i] : []));
  return { ring, anchors };
}

/** The edge (by its start index) a ray going left from `h` crosses first, and where. */
function nearestLeftCrossing(ring: readonly Pt[], h: Pt): { index: number; x: number } | null {
  let best: { index: number; x: number } | null = null;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    if (a.y === b.y || h.y < Math.min(a.y, b.y) || h.y > Math.max(a.y, b.y)) continue;
    const x = Math.round(a.x + ((h.y - a.y) * (b.x - a.x)) / (b.y - a.y));
    if (x >= h.x || (best && x <= best.x)) continue;
    // A crossing at the edge's end is the next edge's start: insert there.
    best = x === b.x && h.y === b.y ? { index: (i + 1) % ring.length, x } : { index: i, x };
  }
  return best;
}
