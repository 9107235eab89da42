import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { CachedMedia } from './cache';

/**
 * Outputs never change once a job completed, so the browser may keep them for good; only
 * the browser: they are someone's work behind the studio's sign-in, which a shared cache
 * between the two must not keep and hand to another.
 */
const IMMUTABLE = 'private, max-age=31536000, immutable';

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

/**
 * Files up to this size are read whole and written to the socket at once. Streamed, every
 * 64 KB chunk waited for a turn of the event loop, and when the studio was busy with a
 * burst of results an image took seconds to reach the browser.
 */
const WHOLE_MAX_BYTES = 16 * 1024 * 1024;
/** Larger files (clips) and ranges are streamed in chunks this big. */
const CHUNK_BYTES = 1024 * 1024;

/** Bytes `start` to `end` of a file, read at once. */
async function readPart(
  file: string,
  start: number,
  end: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const handle = await open(file);
  try {
    const bytes = new Uint8Array(end - start + 1);
    let done = 0;
    while (done < bytes.length) {
      const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return bytes.subarray(0, done);
  } finally {
    await handle.close();
  }
}

/** A cached file, or bytes held in memory (an upload read from the shared database). */
type Servable = Omit<CachedMedia, 'file'> & ({ file: string } | { data: Uint8Array });

async function body(media: Servable, start: number, end: number): Promise<BodyInit> {
  if ('data' in media) return media.data.slice(start, end + 1);
  const file = media.file;
  if (end - start + 1 <= WHOLE_MAX_BYTES) return readPart(file, start, end);
  const nodeStream = createReadStream(file, { start, end, highWaterMark: CHUNK_BYTES });
  return Readable.toWeb(nodeStream) as unknown as ReadableStream<Uint8Array>;
}

interface MediaRequest {
  method: string;
  ifNoneMatch: string | undefined;
  range: string | undefined;
}

/** The answer for one cached file: 304, 206 (video seeking), 416 or 200. */
export async function mediaResponse(media: Servable, req: MediaRequest): Promise<Response> {
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
  const empty = req.method === 'HEAD' || media.size === 0;
  return new Response(empty ? null : await body(media, start, end), { status, headers });
}
