import sharp from 'sharp';
import type { Size } from '../pixels/raster';

/*
 * Repaint masks as RGBA PNGs at the output's size whose alpha says where to repaint:
 * composited onto a layer with `dest-in` they keep only the masked part of it, with
 * `dest-out` they cut the masked part away.
 */

/** A mask polygon in its own frame: `points` [x1, y1, x2, y2, ...] within width x height. */
export interface Polygon {
  width: number;
  height: number;
  points: readonly number[];
}

/** Where on the output a mask's frame lands (the image, or for upload-paint the canvas). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Points scaled from the polygon's frame onto `onto`, as an SVG points list. */
function scaledPoints(p: Polygon, onto: Rect): string {
  const out: string[] = [];
  for (let i = 0; i + 1 < p.points.length; i += 2) {
    const x = onto.x + ((p.points[i] ?? 0) * onto.width) / p.width;
    const y = onto.y + ((p.points[i + 1] ?? 0) * onto.height) / p.height;
    out.push(`${x.toFixed(2)},${y.toFixed(2)}`);
  }
  return out.join(' ');
}

/** The polygons, filled opaque white on a transparent output-sized layer. */
export function polygonMask(areas: readonly Polygon[], onto: Rect, size: Size): Promise<Buffer> {
  const shapes = areas.map((a) => `<polygon points="${scaledPoints(a, onto)}" fill="#fff"/>`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">` +
    `${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
}

/**
 * A mask image (white = repaint, black = keep, as the service reads them) stretched
 * onto `onto`: its lightness becomes the alpha of an output-sized layer.
 */
export async function imageMask(data: Buffer, onto: Rect, size: Size): Promise<Buffer> {
  const grey = await sharp(data, { limitInputPixels: 40_000_000 })
    .rotate()
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(onto.width, onto.height, { fit: 'fill' })
    .threshold(128)
    .raw()
    .toBuffer();
  const layer = await sharp({
    create: { width: onto.width, height: onto.height, channels: 3, background: '#ffffff' },
  })
    .joinChannel(grey, { raw: { width: onto.width, height: onto.height, channels: 1 } })
    .png()
    .toBuffer();
  return placeLayer(layer, onto, size);
}

/** Puts an RGBA layer at `at` on a transparent output-sized one, clipping what falls outside. */
async function placeLayer(layer: Buffer, at: Rect, size: Size): Promise<Buffer> {
  const left = Math.max(0, at.x);
  const top = Math.max(0, at.y);
  const right = Math.min(size.width, at.x + at.width);
  const bottom = Math.min(size.height, at.y + at.height);
  const blank = sharp({
    create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
  if (right <= left || bottom <= top) return blank.png().toBuffer();
  const visible = await sharp(layer)
    .extract({ left: left - at.x, top: top - at.y, width: right - left, height: bottom - top })
    .png()
    .toBuffer();
  return blank
    .composite([{ input: visible, left, top }])
    .png()
    .toBuffer();
}
