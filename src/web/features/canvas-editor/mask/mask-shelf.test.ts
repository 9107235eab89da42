import { describe, expect, it } from 'vitest';
import { emptyGrid, countSet } from './grid';
import { maskShelf, memoryStorage, SHELF_MAX_CHARS } from './mask-shelf';
import { packMask, unpackMask } from './packed';

function square(width: number, height: number, x0: number, y0: number, side: number) {
  const g = emptyGrid(width, height);
  for (let y = y0; y < y0 + side; y++) g.data.fill(1, y * width + x0, y * width + x0 + side);
  return g;
}

/** A mask whose packed form is long: every other pixel set. */
function noise(width: number, height: number) {
  const g = emptyGrid(width, height);
  for (let i = 0; i < g.data.length; i += 2) g.data[i] = 1;
  return g;
}

describe('packed masks', () => {
  it('come back the same at their size, and scaled at another', () => {
    const g = square(40, 30, 10, 5, 10);
    const packed = packMask(g);
    expect(packed.runs.length).toBeLessThan(60);
    expect(unpackMask(packed, 40, 30)?.data).toEqual(g.data);
    const half = unpackMask(packed, 20, 15);
    expect(half && countSet(half)).toBe(25);
    expect(unpackMask({ ...packed, runs: '5.z' }, 40, 30)).toBeNull();
  });
});

describe('the mask shelf', () => {
  it('keeps sent masks by job, and hands over the masks saved here before, oldest first', () => {
    let t = 0;
    const storage = memoryStorage();
    const shelf = maskShelf(storage, () => ++t);
    const mask = packMask(square(8, 8, 2, 2, 4));
    shelf.keepSent('job1', mask);
    expect(shelf.sentMask('job1')).toEqual(mask);
    expect(shelf.sentMask('job2')).toBeNull();
    expect(shelf.savedHere()).toEqual([]);

    // As a browser from before the studio kept saved masks left them.
    const saved = [
      { image: '/media/a/0', name: 'rocks', at: 9, mask },
      { image: '/media/a/0', name: 'sky', at: 3, mask },
      { image: '/media/b/0', name: 'bad', at: 4, mask: { width: 0 } },
    ];
    const sent = JSON.parse(storage.getItem('studio.editor.masks') ?? '{}') as { sent: unknown };
    storage.setItem('studio.editor.masks', JSON.stringify({ ...sent, saved }));
    expect(shelf.savedHere().map((s) => s.name)).toEqual(['sky', 'rocks']);
    shelf.remove('/media/a/0', 'sky');
    expect(shelf.savedHere().map((s) => s.name)).toEqual(['rocks']);
    expect(shelf.sentMask('job1')).toEqual(mask);
  });

  it('drops the oldest sent masks when full by size', () => {
    const shelf = maskShelf(memoryStorage());
    const small = packMask(square(8, 8, 2, 2, 4));
    shelf.keepSent('job1', small);
    const big = packMask(noise(800, 800));
    expect(big.runs.length).toBeGreaterThan(SHELF_MAX_CHARS / 2);
    shelf.keepSent('job2', big);
    expect(shelf.sentMask('job1')).toEqual(small);
    expect(shelf.sentMask('job2')).toEqual(big);
    // No room for two big ones: the older go until the newest fits.
    shelf.keepSent('job3', packMask(noise(800, 700)));
    expect(shelf.sentMask('job3')).not.toBeNull();
    expect(shelf.sentMask('job2')).toBeNull();
    expect(shelf.sentMask('job1')).toBeNull();
  });
});
