import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Upload } from '@/contract/studio-api';
import type { Logger } from '../log';
import { mediaResponse } from '../media/serve';
import type { Reachability } from '../webhooks/reachability';
import type { UploadsStore } from '../store/shared-store';
import type { UploadRecord } from '../store/uploads';
import { StudioHttpError, invalidRequest, studioError, studioErrorResponse } from '../studio-error';
import { normaliseImage } from '../uploads/normalise';
import { formFields } from './validate';

export interface UploadDeps {
  uploads: Pick<UploadsStore, 'save'>;
  reach: Pick<Reachability, 'uploadsBlocked'>;
  publicUrl: () => string;
  log: Logger;
  maxBytes: number;
  maxPixels: number;
}

/** Room for the multipart envelope around the file itself. */
const MULTIPART_SLACK = 64 * 1024;
const FILE_RE = /^([A-Za-z0-9_-]{22})\.(png|jpg|webp|gif)$/;

const publicPath = (rec: Pick<UploadRecord, 'token' | 'ext'>) => `/u/${rec.token}.${rec.ext}`;

const toUpload = (rec: UploadRecord, publicUrl: string): Upload => ({
  id: rec.id,
  url: `${publicUrl}${publicPath(rec)}`,
  previewUrl: publicPath(rec),
  width: rec.width,
  height: rec.height,
  bytes: rec.bytes,
  type: rec.type,
});

/** The file of a multipart form (field `file`), or the raw body. */
async function readUpload(c: Context): Promise<Buffer> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const file = (await formFields(c, 'file')).file;
    if (!(file instanceof File)) {
      throw invalidRequest('file: is required (the image, as the multipart field "file")');
    }
    return Buffer.from(await file.arrayBuffer());
  }
  const data = Buffer.from(await c.req.arrayBuffer());
  if (data.length === 0) throw invalidRequest('The request has no image in its body.');
  return data;
}

/** `POST /studio-api/uploads`: checks, cleans and stores one image. */
export function uploadRoutes(deps: UploadDeps): Hono {
  const app = new Hono();
  const mb = deps.maxBytes / (1024 * 1024);
  const tooLarge = () =>
    new StudioHttpError(
      studioError(
        413,
        'too_large',
        `The file is larger than the upload limit of ${mb} MB (STUDIO_UPLOAD_MAX_MB).`,
        'Scale the image down or save it with more compression, then upload it again.',
      ),
    );
  app.post(
    '/',
    async (_c, next) => {
      const blocked = deps.reach.uploadsBlocked;
      if (blocked) {
        const hint = 'The operator can set PUBLIC_URL to an address the image service can reach.';
        throw new StudioHttpError(studioError(409, 'uploads_unavailable', blocked, hint));
      }
      await next();
    },
    bodyLimit({
      maxSize: deps.maxBytes + MULTIPART_SLACK,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const data = await readUpload(c);
      if (data.length > deps.maxBytes) throw tooLarge();
      const image = await normaliseImage(data, deps.maxPixels);
      const rec = await deps.uploads.save(image);
      deps.log.info('upload stored', { id: rec.id, type: rec.type, bytes: rec.bytes });
      return c.json({ upload: toUpload(rec, deps.publicUrl()) });
    },
  );
  return app;
}

/**
 * `/u/<token>.<ext>`: uploads for the upstream to fetch, without a session. The token (128
 * random bits) is the only way to name one, so the URL is useless to anyone not given it.
 */
export function publicUploadRoutes(
  uploads: Pick<UploadsStore, 'byToken' | 'read' | 'touch'>,
): Hono {
  const app = new Hono();
  app.get('/:file', async (c) => {
    const m = FILE_RE.exec(c.req.param('file'));
    const rec = m?.[1] ? await uploads.byToken(m[1]) : null;
    const data = rec && rec.ext === m?.[2] ? await uploads.read(rec) : null;
    if (!rec || data === null) {
      return studioErrorResponse(studioError(404, 'not_found', 'No such upload.'));
    }
    await uploads.touch(rec);
    const image = {
      data,
      contentType: rec.type,
      etag: `"u-${rec.id}"`,
      size: data.length,
      width: rec.width,
      height: rec.height,
    };
    return mediaResponse(image, {
      method: c.req.method,
      ifNoneMatch: c.req.header('if-none-match'),
      range: c.req.header('range'),
    });
  });
  return app;
}
