import { Hono, type Context } from 'hono';
import { HANDLE_RE } from '@/contract/studio-api';
import {
  DEFAULT_THUMB_SIZE,
  THUMB_SIZES,
  isThumbSize,
  type ThumbSize,
} from '@/contract/thumbnails';
import type { JobRecord } from '../model/record';
import { upstreamMediaUrl } from '../model/to-job';
import { mediaResponse } from '../media/serve';
import { NotAnImage, type ThumbCache } from '../media/thumbs';
import { Abandoned } from '../media/turns';
import type { HistoryStore } from '../store/shared-store';
import { StudioHttpError, invalidRequest } from '../studio-error';
import { UpstreamError, toStudioError } from '../upstream/errors';
import { KEY_RE, mediaGone, noMedia } from './media';

export interface ThumbDeps {
  history: Pick<HistoryStore, 'get' | 'markUpstreamGone'>;
  thumbs: Pick<ThumbCache, 'get'>;
}

/** The size in a thumbnail's path: one of the few the studio makes, else a 400 naming them. */
export function thumbSize(given: string | undefined): ThumbSize {
  if (given === undefined) return DEFAULT_THUMB_SIZE;
  // Spelled exactly as listed ("0768" is no size), so one size has one URL.
  const n = Number(given);
  if (isThumbSize(n) && String(n) === given) return n;
  throw invalidRequest(
    `size: must be one of ${THUMB_SIZES.join(', ')} (px on the longest side).`,
    `Ask for /thumb (${DEFAULT_THUMB_SIZE} px) or /thumb/<size> with one of those sizes.`,
  );
}

/**
 * A thumbnail of one output image of `job` at `size`; 404 for a job not finished, an
 * output it does not have, or a video.
 */
export async function thumbResponse(
  { history, thumbs }: ThumbDeps,
  job: JobRecord,
  key: string,
  size: ThumbSize,
  c: Context,
): Promise<Response> {
  const url = job.status === 'completed' ? upstreamMediaUrl(job.output, key) : null;
  if (url === null) throw noMedia();
  let thumb;
  try {
    // A browser that lets go of an image closes its request: a thumbnail no one waits
    // for any more is not made.
    thumb = await thumbs.get(job.handle, key, url, size, c.req.raw.signal);
  } catch (err) {
    // Its asker has gone (the answer is read by no one), or the job was deleted.
    if (err instanceof Abandoned) throw noMedia();
    if (err instanceof NotAnImage) throw noMedia();
    if (err instanceof UpstreamError && (err.status === 404 || err.status === 410)) {
      await history.markUpstreamGone(job.handle);
      throw mediaGone();
    }
    if (err instanceof UpstreamError) throw new StudioHttpError(toStudioError(err));
    throw err;
  }
  return mediaResponse(thumb, {
    method: c.req.method,
    ifNoneMatch: c.req.header('if-none-match'),
    range: undefined,
  });
}

/**
 * `/media/<handle>/<n|grid>/thumb[/<size>]`: a small WebP of an output image, for galleries
 * and cards, at one of a few sizes (`@/contract/thumbnails`); the full file stays at
 * `/media/<handle>/<n>`. A video has none (404).
 */
export function thumbRoutes({ history, thumbs }: ThumbDeps): Hono {
  const app = new Hono();
  app.get('/:id/:key/thumb/:size?', async (c) => {
    const { id, key } = c.req.param();
    const size = thumbSize(c.req.param('size'));
    if (!HANDLE_RE.test(id) || !KEY_RE.test(key)) throw noMedia();
    const job = await history.get(id);
    if (!job) throw noMedia();
    return thumbResponse({ history, thumbs }, job, key, size, c);
  });
  return app;
}
