import type { Metadata } from 'sharp';
import sharp from 'sharp';
import { type ImageType, sniffImageType } from '@/server/image-type';
import type { FetchPolicy } from './dial';
import { FetchError } from './dial';
import { guardedGet } from './guarded-get';

/** Larger images are refused before decoding: 40 megapixels is ~160 MB of RGBA. */
const MAX_FETCH_PIXELS = 40_000_000;

export interface FetchedImage {
  /** The bytes as served (decode with `loadRgb`, which applies EXIF orientation). */
  data: Buffer;
  format: ImageType;
  /** Displayed size, after EXIF orientation. */
  width: number;
  height: number;
}

/** Fetches an image with the guard, then checks what it is and how large before use. */
export async function fetchImage(url: string, policy: FetchPolicy): Promise<FetchedImage> {
  const data = await guardedGet(url, policy);
  // Only these four reach the decoder, so a URL cannot feed it SVG, PDF or other formats.
  const format = sniffImageType(data);
  if (!format) throw new FetchError('the response is not a PNG, JPEG, WebP or GIF image');
  let meta: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked below with a clear message.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new FetchError(`the ${format.toUpperCase()} image could not be decoded`);
  }
  const pixels = meta.width * meta.height;
  if (pixels > MAX_FETCH_PIXELS) {
    throw new FetchError(
      `the image is ${meta.width}x${meta.height} px; at most ${MAX_FETCH_PIXELS / 1e6} megapixels are read`,
    );
  }
  // EXIF orientations 5 to 8 turn the image a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    data,
    format,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
  };
}
