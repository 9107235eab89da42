import type { Metadata } from 'sharp';
import sharp from 'sharp';
import type { FetchPolicy } from './dial';
import { FetchError } from './dial';
import { guardedGet } from './guarded-get';

/** Larger images are refused before decoding: 40 megapixels is ~160 MB of RGBA. */
const MAX_FETCH_PIXELS = 40_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface FetchedImage {
  /** The bytes as served (decode with `loadRgb`, which applies EXIF orientation). */
  data: Buffer;
  format: ImageFormat;
  /** Displayed size, after EXIF orientation. */
  width: number;
  height: number;
}

const startsWith = (data: Buffer, bytes: readonly number[], at = 0): boolean =>
  bytes.every((b, i) => data[at + i] === b);

/**
 * The format the bytes really are, whatever the server's content-type claims: only these
 * four are handed to the decoder, so a URL cannot feed it SVG, PDF or other formats.
 */
export function sniffImage(data: Buffer): ImageFormat | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39))
    return 'gif';
  return null;
}

/** Fetches an image with the guard, then checks what it is and how large before use. */
export async function fetchImage(url: string, policy: FetchPolicy): Promise<FetchedImage> {
  const data = await guardedGet(url, policy);
  const format = sniffImage(data);
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
