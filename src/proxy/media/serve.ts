import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { CachedMedia } from './cache';

/** Outputs never change once a job completed, so browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Range = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range; several ranges or a malformed header fall back to the whole file. */
export function parseRange(header: string | undefined, size: number): Range {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

const etagMatches = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });

function stream(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  const web = Readable.toWeb(createReadStream(file, { start, end }));
  return web as unknown as ReadableStream<Uint8Array>;
}

interface MediaRequest {
  method: string;
  ifNoneMatch: string | undefined;
  range: string | undefined;
}

/** The answer for one cached file: 304, 206 (video seeking), 416 or 200. */
export function mediaResponse(media: CachedMedia, req: MediaRequest): Response {
  const headers = new Headers({
    'content-type': media.contentType,
    etag: media.etag,
    'cache-control': IMMUTABLE,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  });
  if (etagMatches(req.ifNoneMatch, media.etag)) return new Response(null, { status: 304, headers });
  const range = parseRange(req.range, media.size);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${media.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: media.size - 1 };
  headers.set('content-length', String(end - start + 1));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${media.size}`);
  const status = range ? 206 : 200;
  const body = req.method === 'HEAD' || media.size === 0 ? null : stream(media.file, start, end);
  return new Response(body, { status, headers });
}
