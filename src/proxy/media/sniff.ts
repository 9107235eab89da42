import { IMAGE_TYPES, sniffImageType } from '@/server/image-type';

/**
 * The media type from the first bytes. The upstream's Content-Type is not trusted alone:
 * CDNs often answer `application/octet-stream`, and the browser is told `nosniff`.
 */
function sniffMediaType(head: Uint8Array): string | null {
  const image = sniffImageType(head);
  if (image) return IMAGE_TYPES[image].mime;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(4, 8) === 'ftyp') return ascii(8, 11) === 'qt ' ? 'video/quicktime' : 'video/mp4';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return 'video/webm';
  }
  return null;
}

/** Only media types are passed on; anything else could be script in disguise. */
export function mediaTypeOf(head: Uint8Array, upstreamType: string | null): string {
  const sniffed = sniffMediaType(head);
  if (sniffed) return sniffed;
  const declared = (upstreamType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^(image|video)\/[a-z0-9.+-]+$/.test(declared) && declared !== 'image/svg+xml'
    ? declared
    : 'application/octet-stream';
}
