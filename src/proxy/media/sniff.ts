/**
 * The media type from the first bytes. The upstream's Content-Type is not trusted alone:
 * CDNs often answer `application/octet-stream`, and the browser is told `nosniff`.
 */
function sniffMediaType(head: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'GIF8') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
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
