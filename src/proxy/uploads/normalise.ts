import sharp, { type Metadata } from 'sharp';
import type { Upload } from '../../contract/studio-api';
import { StudioHttpError, studioError } from '../studio-error';

type UploadType = Upload['type'];

export interface NormalisedImage {
  data: Buffer;
  type: UploadType;
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  width: number;
  height: number;
}

export const UPLOAD_TYPES: readonly UploadType[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

const FORMATS = {
  'image/png': { ext: 'png', name: 'PNG' },
  'image/jpeg': { ext: 'jpg', name: 'JPEG' },
  'image/webp': { ext: 'webp', name: 'WebP' },
  'image/gif': { ext: 'gif', name: 'GIF' },
} as const;

const refuse = (status: number, code: string, message: string, hint: string | null = null) =>
  new StudioHttpError(studioError(status, code, message, hint));

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** The type from the bytes alone: the name and the declared type are the sender's word. */
function sniffUpload(b: Buffer): UploadType | null {
  if (b[0] === 0x89 && ascii(b, 1, 8) === 'PNG\r\n\x1a\n') return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'image/gif';
  return null;
}

const mp = (pixels: number) => `${(pixels / 1e6).toFixed(pixels < 1e7 ? 1 : 0)} MP`;

/** Reads only the header: a decompression bomb is refused before it is decoded. */
async function header(data: Buffer, type: UploadType): Promise<Metadata> {
  try {
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(
      422,
      'bad_image',
      `The file starts like a ${FORMATS[type].name} image but cannot be read as one.`,
      'It may be damaged or cut short; export it again and upload the new file.',
    );
  }
}

/**
 * Checks an upload and re-encodes it: orientation applied, every piece of metadata (EXIF
 * with its GPS position, XMP, ICC, comments) dropped. Only the first frame of an animated
 * image is kept; the image service reads no more.
 */
export async function normaliseImage(data: Buffer, maxPixels: number): Promise<NormalisedImage> {
  const type = sniffUpload(data);
  if (type === null) {
    throw refuse(
      415,
      'unsupported_type',
      'Only PNG, JPEG, WebP and GIF images can be uploaded, and this file is none of them.',
    );
  }
  const meta = await header(data, type);
  const pixels = meta.width * (meta.pageHeight ?? meta.height);
  if (pixels > maxPixels) {
    throw refuse(
      422,
      'too_many_pixels',
      `The image is ${meta.width} × ${meta.pageHeight ?? meta.height} pixels (${mp(pixels)}); uploads are limited to ${mp(maxPixels)} (STUDIO_UPLOAD_MAX_MP).`,
      'Scale the image down and upload it again.',
    );
  }
  try {
    const image = sharp(data, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    const encoded =
      type === 'image/png'
        ? image.png()
        : type === 'image/jpeg'
          ? image.jpeg({ quality: 92 })
          : type === 'image/webp'
            ? image.webp({ quality: 92 })
            : image.gif();
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: out, type, ext: FORMATS[type].ext, width: info.width, height: info.height };
  } catch {
    throw refuse(
      422,
      'bad_image',
      `The ${FORMATS[type].name} image could not be decoded.`,
      'It may be damaged or cut short; export it again and upload the new file.',
    );
  }
}
