import type { Grid } from './grid';
import type { Pixels } from './select';

/** Test support: a grey image of `width` × `height` whose pixel (x, y) is `grey(x, y)`. */
export function greyImage(
  width: number,
  height: number,
  grey: (x: number, y: number) => number,
): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      data.fill(grey(x, y), p, p + 3);
      data[p + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Test support: how well a mask matches a shape, intersection over union of their pixels. */
export function maskIoU(mask: Grid, inside: (x: number, y: number) => boolean): number {
  let both = 0;
  let either = 0;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      const m = mask.data[y * mask.width + x] === 1;
      const s = inside(x, y);
      if (m && s) both++;
      if (m || s) either++;
    }
  }
  return either === 0 ? 0 : both / either;
}
