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
