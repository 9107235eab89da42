import { describe, expect, it } from 'vitest';
import { countSet, type Grid } from './grid';
import { combine, feather, grow, invert, shrink, type Pixels } from './select';
import { magicWand } from './wand';

/** A grid from rows of '#' (set) and '.' (clear). */
const gridOf = (rows: string[]): Grid => ({
  width: rows[0]?.length ?? 0,
  height: rows.length,
  data: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)),
});
const rowsOf = (g: Grid): string[] =>
  Array.from({ length: g.height }, (_, y) =>
    Array.from(g.data.subarray(y * g.width, (y + 1) * g.width), (v) => (v ? '#' : '.')).join(''),
  );

/** Pixels from rows of letters, each letter a colour. */
function pixelsOf(rows: string[], colours: Record<string, [number, number, number]>): Pixels {
  const width = rows[0]?.length ?? 0;
  const data = new Uint8ClampedArray(width * rows.length * 4);
  rows
    .join('')
    .split('')
    .forEach((c, i) => {
      const [r, g, b] = colours[c] ?? [0, 0, 0];
      data.set([r, g, b, 255], i * 4);
    });
  return { width, height: rows.length, data };
}

/** Slow and plain: every pixel against every set pixel, for comparison. */
function bruteGrow(g: Grid, px: number): Grid {
  const data = new Uint8Array(g.data.length);
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) {
      for (let i = 0; i < g.data.length && !data[y * g.width + x]; i++) {
        const dx = (i % g.width) - x;
        const dy = Math.floor(i / g.width) - y;
        if (g.data[i] && dx * dx + dy * dy <= px * px) data[y * g.width + x] = 1;
      }
    }
  }
  return { ...g, data };
}

describe('the magic wand', () => {
  const sky = pixelsOf(['SSSSSS', 'SSTSSS', 'SHHHHS', 'GGGGGG', 'GGSSGG'], {
    S: [100, 150, 250],
    T: [104, 148, 246],
    H: [40, 40, 40],
    G: [30, 160, 40],
  });

  it('selects the connected region within the tolerance, and only that', () => {
    const exact = magicWand(sky, 0, 0, { tolerance: 0, contiguous: true });
    expect(rowsOf(exact)).toEqual(['######', '##.###', '#....#', '......', '......']);
    const loose = magicWand(sky, 0, 0, { tolerance: 4, contiguous: true });
    expect(countSet(loose)).toBe(14);
    expect(rowsOf(loose)[1]).toBe('######');
    // The two sky pixels in the grass are the same colour but not connected.
    expect(rowsOf(loose)[4]).toBe('......');
  });

  it('selects every matching pixel in the image when not contiguous', () => {
    const global = magicWand(sky, 0, 0, { tolerance: 4, contiguous: false });
    expect(countSet(global)).toBe(16);
    expect(rowsOf(global)[4]).toBe('..##..');
  });

  it('fills around a closed shape, and inside it only from inside', () => {
    const spiral = pixelsOf(['WWWWWWW', 'WBBBBBW', 'WBWWWBW', 'WBWBWBW', 'WBBBBBW', 'WWWWWWW'], {
      W: [255, 255, 255],
      B: [0, 0, 0],
    });
    const white = magicWand(spiral, 0, 0, { tolerance: 0, contiguous: true });
    expect(countSet(white)).toBe(22);
    const inner = magicWand(spiral, 2, 2, { tolerance: 0, contiguous: true });
    expect(rowsOf(inner)).toEqual([
      '.......',
      '.......',
      '..###..',
      '..#.#..',
      '.......',
      '.......',
    ]);
  });

  it('fills exactly the region a plain flood fill finds, on mazes of random colours', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    /** Every 4-connected pixel within the tolerance, one at a time: slow and plain. */
    function flood(img: Pixels, x: number, y: number, t: number): number[] {
      const { width, data } = img;
      const at = (i: number, c: number) => data[i * 4 + c] ?? 0;
      const s = y * width + x;
      const near = (i: number) => [0, 1, 2].every((c) => Math.abs(at(i, c) - at(s, c)) <= t);
      const seen = new Uint8Array(width * img.height);
      const todo = [s];
      seen[s] = 1;
      while (todo.length > 0) {
        const i = todo.pop() ?? 0;
        const [px, py] = [i % width, Math.floor(i / width)];
        for (const [nx, ny] of [
          [px - 1, py],
          [px + 1, py],
          [px, py - 1],
          [px, py + 1],
        ] as const) {
          const j = ny * width + nx;
          if (nx < 0 || ny < 0 || nx >= width || ny >= img.height || seen[j]) continue;
          if (near(j)) {
            seen[j] = 1;
            todo.push(j);
          }
        }
      }
      return Array.from(seen);
    }
    for (let round = 0; round < 40; round++) {
      const width = 1 + Math.floor(random() * 30);
      const height = 1 + Math.floor(random() * 30);
      const data = new Uint8ClampedArray(width * height * 4);
      // Mostly two close colours and a far one, so regions wind round each other.
      for (let i = 0; i < width * height; i++) {
        const v = random() < 0.35 ? 200 : random() < 0.5 ? 10 : 14;
        data.set([v, v, v, 255], i * 4);
      }
      const img = { width, height, data };
      const x = Math.floor(random() * width);
      const y = Math.floor(random() * height);
      const t = random() < 0.5 ? 0 : 8;
      const got = magicWand(img, x, y, { tolerance: t, contiguous: true });
      expect(Array.from(got.data), `round ${round}`).toEqual(flood(img, x, y, t));
    }
  });
});

describe('grow and shrink', () => {
  const square = gridOf([
    '..........',
    '..........',
    '..........',
    '...####...',
    '...####...',
    '...####...',
    '...####...',
    '..........',
    '..........',
    '..........',
  ]);

  it('grow by a disc in image pixels', () => {
    // By 1: the four neighbours only (a diagonal is √2 away): 6×6 less its corners.
    expect(countSet(grow(square, 1))).toBe(32);
    // By 2: also (1, 1) at √2 and (2, 0) at 2, not (2, 1) at √5: rows of 4, 6, 8 × 4, 6, 4.
    expect(countSet(grow(square, 2))).toBe(52);
    for (const px of [1, 2, 3, 4.5]) expect(grow(square, px)).toEqual(bruteGrow(square, px));
  });

  it('shrink by the same measure, and grow then shrink gives a square back', () => {
    expect(rowsOf(shrink(square, 1)).filter((r) => r.includes('#'))).toEqual([
      '....##....',
      '....##....',
    ]);
    expect(countSet(shrink(square, 2))).toBe(0);
    expect(shrink(grow(square, 2), 2)).toEqual(square);
  });

  it("keeps a region that reaches the image's edge at the edge", () => {
    const top = gridOf(['#####', '#####', '#####', '.....', '.....']);
    expect(rowsOf(shrink(top, 1))).toEqual(['#####', '#####', '.....', '.....', '.....']);
  });

  it('agrees with the plain computation on a scattered mask', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const g: Grid = {
      width: 23,
      height: 17,
      data: Uint8Array.from({ length: 23 * 17 }, () => (random() < 0.08 ? 1 : 0)),
    };
    for (const px of [1, 1.5, 3, 6]) expect(grow(g, px)).toEqual(bruteGrow(g, px));
    for (const px of [1, 2.5]) expect(shrink(g, px)).toEqual(invert(bruteGrow(invert(g), px)));
  });
});

describe('invert, combine and feather', () => {
  const a = gridOf(['##..', '##..', '....']);
  const b = gridOf(['.##.', '.##.', '....']);

  it('inverts within the bounds, and adds or takes a selection out', () => {
    expect(rowsOf(invert(a))).toEqual(['..##', '..##', '####']);
    expect(rowsOf(combine(a, b, 'add'))).toEqual(['###.', '###.', '....']);
    expect(rowsOf(combine(a, b, 'subtract'))).toEqual(['#...', '#...', '....']);
    expect(combine(a, b, 'replace')).toEqual(b);
  });

  it('softens the edge for the preview, keeping the half-way line at the mask edge', () => {
    const half = gridOf(Array.from({ length: 8 }, () => '########........'));
    const alpha = feather(half, 6);
    const row = Array.from(alpha.subarray(0, 16));
    expect(row[0]).toBe(255);
    expect(row[15]).toBe(0);
    for (let x = 1; x < 16; x++) expect(row[x]).toBeLessThanOrEqual(row[x - 1] ?? 255);
    expect(row[7]).toBeGreaterThan(127);
    expect(row[8]).toBeLessThan(128);
    expect(Array.from(feather(half, 0).subarray(0, 16))).toEqual(
      row.map((_, x) => (x < 8 ? 255 : 0)),
    );
  });
});
