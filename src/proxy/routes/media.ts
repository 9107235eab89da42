import { Hono, type Context } from 'hono';
import { HANDLE_RE } from '@/contract/studio-api';
import { upstreamMediaUrl } from '../model/to-job';
import type { MediaCache } from '../media/cache';
import type { JobRecord } from '../model/record';
import { mediaResponse } from '../media/serve';
import type { HistoryStore } from '../store/shared-store';
import type { MediaPrefetch } from '../sync/media-prefetch';
import { StudioHttpError, studioError } from '../studio-error';
import { UpstreamError, toStudioError } from '../upstream/errors';

export const KEY_RE = /^(grid|\d{1,3})$/;

export const noMedia = (): StudioHttpError =>
  new StudioHttpError(studioError(404, 'not_found', 'No such media in this studio.'));

export const mediaGone = (): StudioHttpError =>
  new StudioHttpError(
    studioError(
      410,
      'media_gone',
      'This file is no longer available: the image service no longer has the job, and the studio had not kept a copy.',
    ),
  );

export interface MediaDeps {
  history: Pick<HistoryStore, 'get' | 'markUpstreamGone' | 'addDims'>;
  media: MediaCache;
  prefetch: Pick<MediaPrefetch, 'promote' | 'pending'>;
}

/**
 * One output of `job` (`key`: its index, or `grid`) as the request `c` asks for it (a
 * range, a revalidation): from the disk cache, fetched upstream once. 404 for a job not
 * finished or without that output.
 */
export async function outputResponse(
  { history, media, prefetch }: MediaDeps,
  job: JobRecord,
  key: string,
  c: Context,
): Promise<Response> {
  const url = job.status === 'completed' ? upstreamMediaUrl(job.output, key) : null;
  if (url === null) throw noMedia();
  prefetch.promote(job.handle);
  let file;
  try {
    file = await media.get(job.handle, key, url);
  } catch (err) {
    if (err instanceof UpstreamError && (err.status === 404 || err.status === 410)) {
      // Not cached (or evicted to make room) and gone upstream: it cannot come back.
      await history.markUpstreamGone(job.handle);
      throw mediaGone();
    }
    if (err instanceof UpstreamError) throw new StudioHttpError(toStudioError(err));
    throw err;
  }
  // While the job's media is being fetched, its sizes are stored together when it is.
  const { width, height } = file;
  const measured = width !== null && height !== null;
  if (measured && !job.dims[key] && !prefetch.pending(job.handle)) {
    await history.addDims(job.handle, { [key]: { width, height } });
  }
  return mediaResponse(file, {
    method: c.req.method,
    ifNoneMatch: c.req.header('if-none-match'),
    range: c.req.header('range'),
  });
}

/**
 * `/media/<handle>/<n|grid>`: job outputs from the disk cache, fetched upstream once. A file
 * not cached yet is fetched now, whatever the background queue is doing (a download of it
 * already under way is shared), and the rest of its job moves to the front of that queue.
 */
export function mediaRoutes({ history, media, prefetch }: MediaDeps): Hono {
  const app = new Hono();
  app.get('/:id/:key', async (c) => {
    const { id, key } = c.req.param();
    if (!HANDLE_RE.test(id) || !KEY_RE.test(key)) throw noMedia();
    const job = await history.get(id);
    if (!job) throw noMedia();
    return outputResponse({ history, media, prefetch }, job, key, c);
  });
  return app;
}
