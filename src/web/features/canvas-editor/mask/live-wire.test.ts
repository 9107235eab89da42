import { describe, expect, it } from 'vitest';
import type { Pt } from './grid';
import type { EdgeMap } from './live-wire';
import { edgeMap, liveWire, snapToEdge, turnsOf } from './live-wire';
import { greyImage } from './test-images';

/** The cost map's rows, corner by corner. */
const rows = (m: EdgeMap) =>
  Array.from({ length: m.height + 1 }, (_, y) =>
    Array.from(m.cost.subarray(y * (m.width + 1), (y + 1) * (m.width + 1))),
  );

/** A cost map of known costs: `cheap` corners cost 1, every other 255. */
function mapOf(width: number, height: number, cheap: (x: number, y: number) => boolean): EdgeMap {
  const cost = new Uint8Array((width + 1) * (height + 1));
  for (let y = 0; y <= height; y++)
    for (let x = 0; x <= width; x++) cost[y * (width + 1) + x] = cheap(x, y) ? 1 : 255;
  return { width, height, cost };
}

describe('the edge cost map', () => {
  it('is flat (255 everywhere) on an image without edges, the frame included', () => {
    const m = edgeMap(greyImage(4, 3, () => 128));
    expect(m.cost.length).toBe(5 * 4);
    expect(new Set(m.cost)).toEqual(new Set([255]));
  });

  it('costs 1 exactly on the line between a black and a white half, 255 elsewhere', () => {
    const m = edgeMap(greyImage(6, 4, (x) => (x < 3 ? 0 : 255)));
    const row = [255, 255, 255, 1, 255, 255, 255];
    expect(rows(m)).toEqual([row, row, row, row, row]);
  });

  it('costs a weaker edge more than a strong one, and both less than flat', () => {
    // 0 | 60 | 240: a step of 60, then a step of 180 (three times as strong).
    const m = edgeMap(greyImage(9, 4, (x) => (x < 3 ? 0 : x < 6 ? 60 : 240)));
    const [row] = rows(m);
    expect(row?.[6]).toBe(1);
    expect(row?.[3]).toBeGreaterThan(150);
    expect(row?.[3]).toBeLessThan(200);
    expect(row?.[1]).toBe(255);
  });
});

describe('snapping to the strongest edge near the pointer', () => {
  const m = mapOf(8, 4, (x) => x === 5);
  it('moves to the edge within the radius, straight across', () => {
    expect(snapToEdge(m, { x: 2.4, y: 2.2 }, 3)).toEqual({ x: 5, y: 2 });
  });
  it('stays at the nearest corner when no edge is that near', () => {
    expect(snapToEdge(m, { x: 1.4, y: 2.2 }, 3)).toEqual({ x: 1, y: 2 });
  });
});

describe('the live wire (cheapest path between two corners)', () => {
  // A frame of cheap corners round a costly middle: the ends are on the top row.
  const m = mapOf(4, 2, (x, y) => x === 0 || x === 4 || y === 2);

  it('goes round by the cheap corners rather than straight through the costly ones', () => {
    // A diagonal step into a cheap corner (1.41) beats two straight ones (2).
    expect(liveWire(m, { x: 0, y: 0 }, { x: 4, y: 0 }, 2)).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 2 },
      { x: 2, y: 2 },
      { x: 3, y: 2 },
      { x: 4, y: 1 },
      { x: 4, y: 0 },
    ]);
  });

  it('searches only the box of its ends widened by the margin', () => {
    const straight = [0, 1, 2, 3, 4].map((x) => ({ x, y: 0 }));
    expect(liveWire(m, { x: 0, y: 0 }, { x: 4, y: 0 }, 0)).toEqual(straight);
    expect(liveWire(m, { x: 0, y: 0 }, { x: 4, y: 0 }, 1)).toEqual(straight);
  });

  it('is the turns only once straight runs are left out', () => {
    const path = liveWire(m, { x: 0, y: 0 }, { x: 4, y: 0 }, 2);
    const turns: Pt[] = [
      { x: 0, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 2 },
      { x: 3, y: 2 },
      { x: 4, y: 1 },
      { x: 4, y: 0 },
    ];
    expect(turnsOf(path)).toEqual(turns);
  });

  it('follows a diagonal edge corner by corner', () => {
    const d = mapOf(6, 6, (x, y) => x === y);
    expect(liveWire(d, { x: 0, y: 0 }, { x: 6, y: 6 }, 3)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((i) => ({ x: i, y: i })),
    );
  });
});
