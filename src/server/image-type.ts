/** The image types both servers take in: only these reach a decoder. */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/** Each type's media type, file extension and name for messages. */
export const IMAGE_TYPES = {
  png: { mime: 'image/png', ext: 'png', name: 'PNG' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg', name: 'JPEG' },
  webp: { mime: 'image/webp', ext: 'webp', name: 'WebP' },
  gif: { mime: 'image/gif', ext: 'gif', name: 'GIF' },
} as const satisfies Record<ImageType, { mime: string; ext: string; name: string }>;

const latin1 = (head: Uint8Array, from: number, to: number): string =>
  Buffer.from(head.subarray(from, to)).toString('latin1');

/**
 * The type the first bytes say, whatever a name or a Content-Type claims; null for
 * anything else. Twelve bytes are enough. Magic bytes, not `sharp().metadata()`: nothing
 * is handed to a decoder before its type is known (sharp would parse SVG, TIFF and HEIF
 * too), a head of a stream is enough, and a file that starts like an image but is damaged
 * can be told from one that is no image at all.
 */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (latin1(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (latin1(head, 0, 4) === 'RIFF' && latin1(head, 8, 12) === 'WEBP') return 'webp';
  const gif = latin1(head, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  return null;
}
