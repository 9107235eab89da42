import sharp from 'sharp';
import type { RawImage } from '../pixels/raw-image';
import type { MaskSource } from './inpaint';
import type { Rect } from './mask';
import { imageMask, polygonMask } from './mask';
import { harmonise, paintLayers } from './paint';
import type { Size } from '../pixels/raster';
import { loadRgb } from '../pixels/raster';

export interface PlaceSpec {
  canvas: Size;
  /** Where the source goes on the canvas and the size it is scaled to. */
  imgPos: Rect;
  /** The remix prompt's words: what is painted around the image and inside the mask. */
  text: string;
  seed: number;
  /** In the placed image's frame: it maps onto imgPos, wherever the image was moved. */
  mask?: MaskSource | undefined;
}

/**
 * The source scaled to imgPos, clipped to the canvas, on a transparent canvas-sized
 * layer. Resize and crop run as one libvips pipeline, so a huge imgPos costs only its
 * visible part.
 */
async function placedSource(source: Buffer, at: Rect, canvas: Size): Promise<Buffer> {
  const blank = sharp({
    create: { ...canvas, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
  const left = Math.max(0, at.x);
  const top = Math.max(0, at.y);
  const width = Math.min(canvas.width, at.x + at.width) - left;
  const height = Math.min(canvas.height, at.y + at.height) - top;
  if (width <= 0 || height <= 0) return blank.png().toBuffer();
  const visible = await sharp(source)
    .removeAlpha()
    .resize(at.width, at.height, { fit: 'fill', kernel: 'lanczos3' })
    .extract({ left: left - at.x, top: top - at.y, width, height })
    .ensureAlpha()
    .png()
    .toBuffer();
  return blank
    .composite([{ input: visible, left, top }])
    .png()
    .toBuffer();
}

function maskLayer(spec: PlaceSpec): Promise<Buffer> | null {
  if (!spec.mask) return null;
  return 'areas' in spec.mask
    ? polygonMask(spec.mask.areas, spec.imgPos, spec.canvas)
    : imageMask(spec.mask.image, spec.imgPos, spec.canvas);
}

/**
 * Four images of the canvas: the source scaled and placed at imgPos, exact except where
 * the mask cuts it away (`dest-out`), over fresh paint of the prompt that fills the rest
 * of the canvas and the masked holes, lit like the source so the two belong together.
 */
export async function renderPlaced(source: Buffer, spec: PlaceSpec): Promise<RawImage[]> {
  const [placed, mask, backdrop, layers] = await Promise.all([
    placedSource(source, spec.imgPos, spec.canvas),
    maskLayer(spec),
    loadRgb(source, spec.canvas),
    paintLayers(spec.text, spec.seed, spec.canvas),
  ]);
  const cut = mask
    ? await sharp(placed)
        .composite([{ input: mask, blend: 'dest-out' }])
        .png()
        .toBuffer()
    : placed;
  const raw = { raw: { ...spec.canvas, channels: 3 as const } };
  return Promise.all(
    layers.map(async (layer) => {
      const paint = await harmonise(layer, backdrop);
      const data = await sharp(paint.data, raw)
        .composite([{ input: cut, blend: 'over' }])
        .removeAlpha()
        .raw()
        .toBuffer();
      return { data, ...spec.canvas, channels: 3 } satisfies RawImage;
    }),
  );
}
