import type { Pt } from './grid';

function segmentDistance2(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  const ex = p.x - a.x - t * dx;
  const ey = p.y - a.y - t * dy;
  return ex * ex + ey * ey;
}

/** Ramer–Douglas–Peucker on an open chain; keeps both ends. Iterative: chains can be long. */
function simplifyChain(pts: readonly Pt[], epsilon: number): Pt[] {
  if (pts.length <= 2) return [...pts];
  const keep = new Uint8Array(pts.length);
  keep[0] = 1;
  keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  const eps2 = epsilon * epsilon;
  while (stack.length > 0) {
    const [lo, hi] = stack.pop() ?? [0, 0];
    const a = pts[lo];
    const b = pts[hi];
    if (!a || !b) continue;
    let worst = -1;
    let worstD = eps2;
    for (let i = lo + 1; i < hi; i++) {
      const d = segmentDistance2(pts[i] ?? a, a, b);
      if (d > worstD) {
        worst = i;
        worstD = d;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([lo, worst], [worst, hi]);
  }
  return pts.filter((_, i) => keep[i] === 1);
}

/**
 * Simplifies a closed ring, never moving the `anchors` (indices that must stay, such as
 * the ends of a hole's bridge). Without anchors the ring is cut at its first point and the
 * point farthest from it.
 */
export function simplifyRing(ring: readonly Pt[], epsilon: number, anchors: number[]): Pt[] {
  if (ring.length <= 4) return [...ring];
  const cuts = anchors.length >= 2 ? [...anchors].sort((a, b) => a - b) : farthestCut(ring);
  const out: Pt[] = [];
  for (let k = 0; k < cuts.length; k++) {
    const from = cuts[k] ?? 0;
    const to = cuts[(k + 1) % cuts.length] ?? 0;
    const chain =
      to > from ? ring.slice(from, to + 1) : [...ring.slice(from), ...ring.slice(0, to + 1)];
    out.push(...simplifyChain(chain, epsilon).slice(0, -1));
  }
  return out;
}

function farthestCut(ring: readonly Pt[]): number[] {
  const first = ring[0] ?? { x: 0, y: 0 };
  let best = 0;
  let bestD = -1;
  ring.forEach((p, i) => {
    const d = (p.x - first.x) ** 2 + (p.y - first.y) ** 2;
    if (d > bestD) {
      best = i;
      bestD = d;
    }
  });
  return best === 0 ? [0, Math.floor(ring.length / 2)] : [0, best];
}
