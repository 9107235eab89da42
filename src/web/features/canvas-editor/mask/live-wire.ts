import type { Pt } from './grid';
import type { Pixels } from './select';

/*
 * The magnetic lasso's arithmetic, in image pixels. Edges are looked for between pixels,
 * not on them: the cost map is laid on the pixels' corners, a lattice of (width + 1) ×
 * (height + 1) points, so a path along an edge runs exactly on the line that parts the
 * two sides, and the outline it makes fills exactly the pixels of one side.
 */

/** What it costs to pass each pixel corner: 1 on the strongest edges, 255 where it is flat. */
export interface EdgeMap {
  /** The image's size; the lattice is one wider and one taller. */
  width: number;
  height: number;
  /** Row-major over the lattice: corner (x, y) is at y × (width + 1) + x. */
  cost: Uint8Array;
}

const EDGE_COST_MIN = 1;
const EDGE_COST_MAX = 255;

/** Rec. 601 luma of each pixel, 0–255. */
function luminance(img: Pixels): Float32Array {
  const out = new Float32Array(img.width * img.height);
  const d = img.data;
  for (let i = 0; i < out.length; i++) {
    const p = i * 4;
    out[i] = 0.299 * (d[p] ?? 0) + 0.587 * (d[p + 1] ?? 0) + 0.114 * (d[p + 2] ?? 0);
  }
  return out;
}

/**
 * The gradient's size at every pixel corner: a Sobel operator moved half a pixel, the
 * difference across the corner (the two pixels either side) smoothed along it by
 * 1 3 3 1 over the four pixels that touch that line. Beyond the image the border pixels
 * repeat, so the image's own frame is no edge.
 */
function cornerGradients(img: Pixels): Float32Array {
  const { width: w, height: h } = img;
  const lum = luminance(img);
  const lw = w + 1;
  const out = new Float32Array(lw * (h + 1));
  const cx = (x: number) => (x < 0 ? 0 : x >= w ? w - 1 : x);
  const cy = (y: number) => (y < 0 ? 0 : y >= h ? h - 1 : y) * w;
  const L = (x: number, y: number) => lum[cy(y) + cx(x)] ?? 0;
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++) {
      // Across a vertical line at x (pixels x − 1 and x), along rows y − 2 … y + 1.
      const gx =
        L(x, y - 2) -
        L(x - 1, y - 2) +
        3 * (L(x, y - 1) - L(x - 1, y - 1)) +
        3 * (L(x, y) - L(x - 1, y)) +
        (L(x, y + 1) - L(x - 1, y + 1));
      const gy =
        L(x - 2, y) -
        L(x - 2, y - 1) +
        3 * (L(x - 1, y) - L(x - 1, y - 1)) +
        3 * (L(x, y) - L(x, y - 1)) +
        (L(x + 1, y) - L(x + 1, y - 1));
      out[y * lw + x] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

/**
 * The gradient that counts as a full edge: the top half-percent of corners, or an eighth
 * of the strongest where fewer corners than that are on an edge at all (a flat drawing).
 */
function fullEdge(g: Float32Array): number {
  let max = 0;
  for (const v of g) if (v > max) max = v;
  if (max === 0) return 0;
  const bins = new Uint32Array(1024);
  for (const v of g) bins[Math.min(1023, Math.floor((v / max) * 1023))]! += 1;
  let above = 0;
  let bin = 1023;
  while (bin > 0 && above + (bins[bin] ?? 0) <= g.length * 0.005) above += bins[bin--] ?? 0;
  return Math.max((bin / 1023) * max, max / 8);
}

/** The image's edge cost map (computed once per image, in the selection worker). */
export function edgeMap(img: Pixels): EdgeMap {
  const g = cornerGradients(img);
  const full = fullEdge(g);
  const cost = new Uint8Array(g.length);
  const span = EDGE_COST_MAX - EDGE_COST_MIN;
  for (let i = 0; i < g.length; i++) {
    const strength = full === 0 ? 0 : Math.min(1, (g[i] ?? 0) / full);
    cost[i] = EDGE_COST_MIN + Math.round(span * (1 - strength));
  }
  return { width: img.width, height: img.height, cost };
}

const costAt = (map: EdgeMap, x: number, y: number) =>
  map.cost[y * (map.width + 1) + x] ?? EDGE_COST_MAX;

const clampTo = (v: number, max: number) => Math.min(max, Math.max(0, v));

/** The lattice corner nearest to a point (the point may lie outside the image). */
export const nearestCorner = (map: EdgeMap, p: Pt): Pt => ({
  x: clampTo(Math.round(p.x), map.width),
  y: clampTo(Math.round(p.y), map.height),
});

/**
 * The cheapest corner within `radius` image pixels of `p`: the strongest edge near the
 * pointer, the nearest to it of equally strong ones.
 */
export function snapToEdge(map: EdgeMap, p: Pt, radius: number): Pt {
  const c = nearestCorner(map, p);
  let best = c;
  let bestCost = costAt(map, c.x, c.y);
  let bestD = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
  const r = Math.floor(radius);
  for (let y = Math.max(0, c.y - r); y <= Math.min(map.height, c.y + r); y++) {
    for (let x = Math.max(0, c.x - r); x <= Math.min(map.width, c.x + r); x++) {
      if ((x - c.x) ** 2 + (y - c.y) ** 2 > radius * radius) continue;
      const cost = costAt(map, x, y);
      const d = (x - p.x) ** 2 + (y - p.y) ** 2;
      if (cost < bestCost || (cost === bestCost && d < bestD)) {
        best = { x, y };
        bestCost = cost;
        bestD = d;
      }
    }
  }
  return best;
}

/** A binary min-heap of lattice indices keyed by their distance so far. */
function createHeap(capacity: number) {
  let items = new Int32Array(capacity);
  let keys = new Float64Array(capacity);
  let size = 0;
  return {
    get size() {
      return size;
    },
    push(item: number, key: number) {
      if (size === items.length) {
        const more = new Int32Array(size * 2);
        more.set(items);
        items = more;
        const moreKeys = new Float64Array(size * 2);
        moreKeys.set(keys);
        keys = moreKeys;
      }
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((keys[parent] ?? 0) <= key) break;
        items[i] = items[parent] ?? 0;
        keys[i] = keys[parent] ?? 0;
        i = parent;
      }
      items[i] = item;
      keys[i] = key;
    },
    pop(): number {
      const top = items[0] ?? 0;
      const item = items[--size] ?? 0;
      const key = keys[size] ?? 0;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && (keys[child + 1] ?? 0) < (keys[child] ?? 0)) child++;
        if ((keys[child] ?? 0) >= key) break;
        items[i] = items[child] ?? 0;
        keys[i] = keys[child] ?? 0;
        i = child;
      }
      items[i] = item;
      keys[i] = key;
      return top;
    },
  };
}

const STEPS = [
  [1, 0, 1],
  [-1, 0, 1],
  [0, 1, 1],
  [0, -1, 1],
  [1, 1, Math.SQRT2],
  [1, -1, Math.SQRT2],
  [-1, 1, Math.SQRT2],
  [-1, -1, Math.SQRT2],
] as const;

/**
 * The cheapest 8-connected path of lattice corners from `from` to `to` (both included),
 * where a step costs the corner it enters times its length. Dijkstra, within the box of
 * the two ends widened by `margin`, so its cost follows the segment's length and not the
 * image's size.
 */
export function liveWire(map: EdgeMap, from: Pt, to: Pt, margin: number): Pt[] {
  const a = nearestCorner(map, from);
  const b = nearestCorner(map, to);
  const x0 = Math.max(0, Math.min(a.x, b.x) - margin);
  const y0 = Math.max(0, Math.min(a.y, b.y) - margin);
  const x1 = Math.min(map.width, Math.max(a.x, b.x) + margin);
  const y1 = Math.min(map.height, Math.max(a.y, b.y) + margin);
  const bw = x1 - x0 + 1;
  const n = bw * (y1 - y0 + 1);
  const dist = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const heap = createHeap(n + 8);
  const start = (a.y - y0) * bw + (a.x - x0);
  const goal = (b.y - y0) * bw + (b.x - x0);
  dist[start] = 0;
  heap.push(start, 0);
  while (heap.size > 0) {
    const u = heap.pop();
    if (done[u]) continue;
    done[u] = 1;
    if (u === goal) break;
    const ux = u % bw;
    const uy = (u - ux) / bw;
    const du = dist[u] ?? 0;
    for (const [dx, dy, len] of STEPS) {
      const vx = ux + dx;
      const vy = uy + dy;
      if (vx < 0 || vy < 0 || vx >= bw || vy > y1 - y0) continue;
      const v = vy * bw + vx;
      if (done[v]) continue;
      const d = du + costAt(map, vx + x0, vy + y0) * len;
      if (d < (dist[v] ?? Infinity)) {
        dist[v] = d;
        prev[v] = u;
        heap.push(v, d);
      }
    }
  }
  const path: Pt[] = [];
  for (let v = goal; v !== -1; v = prev[v] ?? -1) {
    const vx = v % bw;
    path.push({ x: vx + x0, y: (v - vx) / bw + y0 });
  }
  return path.reverse();
}

/**
 * The path with the corners inside straight runs left out: the same outline, exactly,
 * with a point only where its direction changes.
 */
export function turnsOf(path: readonly Pt[]): Pt[] {
  return path.filter((p, i) => {
    const a = path[i - 1];
    const b = path[i + 1];
    if (!a || !b) return true;
    return (p.x - a.x) * (b.y - p.y) !== (p.y - a.y) * (b.x - p.x);
  });
}
