import { Hono } from 'hono';
import { HANDLE_RE } from '@/contract/studio-api';
import { upstreamMediaUrl } from '../model/to-job';
import { mediaResponse } from '../media/serve';
import { NotAnImage, type ThumbCache } from '../media/thumbs';
import type { HistoryStore } from '../store/shared-store';
import { StudioHttpError } from '../studio-error';
import { UpstreamError, toStudioError } from '../upstream/errors';
import { KEY_RE, mediaGone, noMedia } from './media';

interface ThumbDeps {
  history: Pick<HistoryStore, 'get' | 'markUpstreamGone'>;
  thumbs: Pick<ThumbCache, 'get'>;
}

/**
 * `/media/<handle>/<n|grid>/thumb`: a small WebP of an output image, for galleries and
 * cards; the full file stays at `/media/<handle>/<n>`. A video has none (404).
 */
export function thumbRoutes({ history, thumbs }: ThumbDeps): Hono {
  const app = new Hono();
  app.get('/:id/:key/thumb', async (c) => {
    const { id, key } = c.req.param();
    if (!HANDLE_RE.test(id) || !KEY_RE.test(key)) throw noMedia();
    const job = await history.get(id);
    const url = job?.status === 'completed' ? upstreamMediaUrl(job.output, key) : null;
    if (!job || url === null) throw noMedia();
    let thumb;
    try {
      thumb = await thumbs.get(job.handle, key, url);
    } catch (err) {
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
  });
  return app;
}
