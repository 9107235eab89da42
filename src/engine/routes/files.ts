import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { withRequestId } from '@/server/log';
import type { EngineContext, EngineEnv } from './context';
import type { ImageExtension } from '../tasks/operations/media-files';
import { IMAGE_TYPES, MEDIA_NAME_RE } from '../tasks/operations/media-files';
import { VIDEO_NAME_RE } from '../tasks/operations/video-common';
import { isExpired } from '../tasks/rules/parents';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The job a media name belongs to and the type it is served as; null if not ours. */
function mediaOf(name: string): { jobId: string; type: string } | null {
  const image = MEDIA_NAME_RE.exec(name);
  if (image?.[1]) {
    return { jobId: image[1], type: IMAGE_TYPES[(image[3] ?? 'png') as ImageExtension] };
  }
  const video = VIDEO_NAME_RE.exec(name)?.[1];
  if (video) return { jobId: video, type: 'video/mp4' };
  return null;
}

/**
 * The one byte range a `Range` header asks for, `'unsatisfiable'`, or null for the whole
 * file (no header, or a form we do not serve ranges for, such as several ranges).
 */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // `bytes=-N`: the last N bytes.
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

const stream = (file: string, range?: { start: number; end: number }): ReadableStream =>
  Readable.toWeb(createReadStream(file, range)) as ReadableStream;

/**
 * Media at `/files/<job_id>_<n>.png` (`.jpg`, `.tiff` from enhance-upscale) and `.mp4`, without a key: the job UUID in the name
 * is the capability, as on the hosted service. A file never changes once its task
 * completed, so it may be cached for good; media of expired or unfinished jobs is not
 * served. Byte ranges (206) let a browser seek in a video before it has all of it.
 */
export function fileRoutes(ctx: EngineContext): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();
  app.get('/:name', async (c) => {
    const name = c.req.param('name');
    const media = mediaOf(name);
    const task = media ? ctx.tasks.get(media.jobId) : null;
    if (!media || !task || task.status !== 'completed' || isExpired(task, ctx.jobTtlS, ctx.now())) {
      return c.json(withRequestId({ code: 404, message: 'no such file' }), 404);
    }
    const file = path.join(ctx.filesDir, name);
    let size: number;
    try {
      size = (await fs.stat(file)).size;
    } catch {
      return c.json(withRequestId({ code: 404, message: 'no such file' }), 404);
    }
    const headers = {
      'content-type': media.type,
      'cache-control': IMMUTABLE,
      'accept-ranges': 'bytes',
    };
    const range = byteRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'content-range': `bytes */${size}` });
    }
    if (!range) return c.body(stream(file), 200, { ...headers, 'content-length': String(size) });
    return c.body(stream(file, range), 206, {
      ...headers,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    });
  });
  return app;
}
