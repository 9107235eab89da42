import { describe, expect, it } from 'vitest';
import type { PixelsOp } from '../model/document';
import { pixelsOpOfRuns } from '../mask/pixels';
import { wandRuns } from '../mask/wand';
import { keepPreview, MaskBitmap } from './mask-bitmap';

const SIZE = { width: 64, height: 48 };

/** A picture of two colours in a ring and a bar, so a wand selection has many runs. */
function picture() {
  const data = new Uint8ClampedArray(SIZE.width * SIZE.height * 4);
  for (let y = 0; y < SIZE.height; y++) {
    for (let x = 0; x < SIZE.width; x++) {
      const r = Math.hypot(x - 30, y - 24);
      const on = (r > 8 && r < 17) || (y > 40 && x % 7 !== 0);
      data.set(on ? [250, 250, 250, 255] : [20, 40, 200, 255], (y * SIZE.width + x) * 4);
    }
  }
  return { ...SIZE, data };
}

const pixels = (b: MaskBitmap) =>
  Array.from(b.canvas.getContext('2d')?.getImageData(0, 0, SIZE.width, SIZE.height).data ?? []);

/** The op as the page draws it from its own bits (no drawing came with it). */
const bare = (op: PixelsOp): PixelsOp => ({ ...op, bits: op.bits.slice() });

describe('the mask bitmap', () => {
  it('fills a wand selection’s runs to exactly the pixels its bits say', () => {
    const img = picture();
    const ring = wandRuns(img, 30, 24 - 12, { tolerance: 10, contiguous: false });
    const hole = wandRuns(img, 30, 24, { tolerance: 10, contiguous: true });
    expect(ring.count).toBeGreaterThan(40);
    const add = pixelsOpOfRuns(ring, 'add');
    const cut = pixelsOpOfRuns(hole, 'subtract');
    keepPreview(add, { runs: ring.data.slice(0, 3 * ring.count) });
    keepPreview(cut, { runs: hole.data.slice(0, 3 * hole.count) });
    const byRuns = new MaskBitmap(SIZE);
    byRuns.sync(null, [add, cut]);
    const byBits = new MaskBitmap(SIZE);
    byBits.sync(null, [bare(add), bare(cut)]);
    const drawn = pixels(byRuns);
    expect(drawn.filter((v, i) => i % 4 === 3 && v === 255).length).toBeGreaterThan(500);
    expect(drawn).toEqual(pixels(byBits));
  });
});
