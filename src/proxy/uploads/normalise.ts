import sharp, { type Metadata } from 'sharp';
import { IMAGE_TYPES, type ImageType, sniffImageType } from '@/server/image-type';
import type { Upload } from '@/contract/studio-api';
import { StudioHttpError, studioError } from '../studio-error';

type UploadType = Upload['type'];

export interface NormalisedImage {
  data: Buffer;
  type: UploadType;
  ext: (typeof IMAGE_TYPES)[ImageType]['ext'];
  width: number;
  height: number;
}

export const UPLOAD_TYPES: readonly UploadType[] = Object.values(IMAGE_TYPES).map((t) => t.mime);

const refuse = (status: number, code: string, message: string, hint: string | null = null) =>
  new StudioHttpError(studioError(status, code, message, hint));

const mp = (pixels: number) => `${(pixels / 1e6).toFixed(pixels < 1e7 ? 1 : 0)} MP`;

/** Reads only the header: a decompression bomb is refused before it is decoded. */
async function header(data: Buffer, type: ImageType): Promise<Metadata> {
  try {
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(
      422,
      'bad_image',
      `The file starts like a ${IMAGE_TYPES[type].name} image but cannot be read as one.`,
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
  // The type from the bytes alone: the name and the declared type are the sender's word.
  const type = sniffImageType(data);
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
      type === 'png'
        ? image.png()
        : type === 'jpeg'
          ? image.jpeg({ quality: 92 })
          : type === 'webp'
            ? image.webp({ quality: 92 })
            : image.gif();
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    const { mime, ext } = IMAGE_TYPES[type];
    return { data: out, type: mime, ext, width: info.width, height: info.height };
  } catch {
    throw refuse(
      422,
      'bad_image',
      `The ${IMAGE_TYPES[type].name} image could not be decoded.`,
      'It may be damaged or cut short; export it again and upload the new file.',
    );
  }
}
