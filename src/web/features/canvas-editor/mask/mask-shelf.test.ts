import { describe, expect, it } from 'vitest';
import { emptyGrid, countSet } from './grid';
import { maskShelf, memoryStorage, SAVED_MAX, SHELF_MAX_CHARS } from './mask-shelf';
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
  it('keeps sent masks by job and saved masks by image and name, newest first', () => {
    let t = 0;
    const shelf = maskShelf(memoryStorage(), () => ++t);
    const mask = packMask(square(8, 8, 2, 2, 4));
    shelf.keepSent('job1', mask);
    expect(shelf.sentMask('job1')).toEqual(mask);
    expect(shelf.sentMask('job2')).toBeNull();
    expect(shelf.save('/media/a/0', 'sky', mask)).toBeNull();
    expect(shelf.save('/media/a/0', 'rocks', mask)).toBeNull();
    expect(shelf.save('/media/b/0', 'sky', mask)).toBeNull();
    expect(shelf.saved('/media/a/0').map((s) => s.name)).toEqual(['rocks', 'sky']);
    // The same name again replaces it.
    expect(shelf.save('/media/a/0', 'sky', mask)).toBeNull();
    expect(shelf.saved('/media/a/0').map((s) => s.name)).toEqual(['sky', 'rocks']);
    shelf.remove('/media/a/0', 'sky');
    expect(shelf.saved('/media/a/0').map((s) => s.name)).toEqual(['rocks']);
  });

  it('says so when full by count, and when full by size drops sent masks first', () => {
    const storage = memoryStorage();
    const shelf = maskShelf(storage);
    const small = packMask(square(8, 8, 2, 2, 4));
    for (let i = 0; i < SAVED_MAX; i++) expect(shelf.save('/media/a/0', `m${i}`, small)).toBeNull();
    expect(shelf.save('/media/a/0', 'one more', small)).toMatch(/full \(30 in all\).*delete one/);

    const big = packMask(noise(1000, 1000));
    expect(big.runs.length).toBeGreaterThan(SHELF_MAX_CHARS / 2);
    const roomy = maskShelf(memoryStorage());
    roomy.keepSent('job1', small);
    expect(roomy.save('/media/b/0', 'noise', big)).toMatch(/full \(the browser keeps about 2 MB/);
    expect(roomy.sentMask('job1')).toEqual(small);

    // Fits once the sent masks make room: they go, the named one is kept.
    roomy.keepSent('job2', packMask(noise(400, 400)));
    expect(roomy.save('/media/b/0', 'large', packMask(noise(1000, 880)))).toBeNull();
    expect(roomy.saved('/media/b/0').map((s) => s.name)).toEqual(['large']);
    expect(roomy.sentMask('job2')).toBeNull();
  });
});
