import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { cleanPath } from '../auth/paths';
import { acceptedCodings } from './encoding';
import { StudioHttpError, studioError } from '../studio-error';

const NOT_BUILT = `<!doctype html>
<meta charset="utf-8"><title>Studio not built</title>
<p>The studio's web app has not been built yet. Run <code>npm run build</code>, then restart the studio.</p>
`;

async function fileAt(root: string, rel: string): Promise<string | null> {
  const file = path.resolve(root, `.${rel}`);
  // Never outside the web dir, whatever the path holds.
  if (!file.startsWith(root + path.sep)) return null;
  const st = await stat(file).catch(() => null);
  return st?.isFile() ? file : null;
}

/** Types the build precompresses; their answers vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

interface Sent {
  file: string;
  cacheControl: string;
  method: string;
  acceptEncoding: string | undefined;
}

/**
 * Streams a file, or its brotli or gzip copy when the client takes one and the build wrote
 * it, so the wire carries a fraction of the bytes and nothing is compressed per request.
 */
async function sendFile({ file, cacheControl, method, acceptEncoding }: Sent): Promise<Response> {
  const headers = new Headers({
    'content-type': getMimeType(file) ?? 'application/octet-stream',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  });
  let source = file;
  if (COMPRESSIBLE.test(file)) {
    headers.set('vary', 'accept-encoding');
    for (const { coding, ext } of acceptedCodings(acceptEncoding)) {
      if ((await stat(file + ext).catch(() => null))?.isFile()) {
        source = file + ext;
        headers.set('content-encoding', coding);
        break;
      }
    }
  }
  const size = (await stat(source)).size;
  headers.set('content-length', String(size));
  const body =
    method === 'HEAD'
      ? null
      : (Readable.toWeb(createReadStream(source)) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { headers });
}

/**
 * The built SPA. Vite puts content-hashed files under /assets, which never change, so
 * they are cached for good; index.html is revalidated so a new build is picked up. Any
 * other path without a file extension is a client route and gets index.html, or the page
 * `drawn` makes of it (the first screen drawn in, first-screen.ts).
 */
export function spaRoutes(
  webDir: string,
  drawn?: (c: Context, indexFile: string) => Promise<Response | null>,
): Hono {
  const app = new Hono();
  const root = path.resolve(webDir);
  app.get('*', async (c) => {
    const urlPath = c.req.path;
    // Decoded once; encoded separators and dot segments name no file and no page.
    const rel = cleanPath(urlPath);
    if (rel === null) throw new StudioHttpError(studioError(404, 'not_found', 'No such page.'));
    const file = urlPath === '/' ? null : await fileAt(root, rel);
    const send = (f: string, cacheControl: string) =>
      sendFile({
        file: f,
        cacheControl,
        method: c.req.method,
        acceptEncoding: c.req.header('accept-encoding'),
      });
    if (file) {
      const hashed = urlPath.startsWith('/assets/');
      return send(file, hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (urlPath.startsWith('/assets/') || path.extname(urlPath) !== '') {
      return c.text('Not found', 404);
    }
    const index = path.join(root, 'index.html');
    const hasIndex = (await stat(index).catch(() => null))?.isFile() ?? false;
    if (!hasIndex) return c.html(NOT_BUILT, 503);
    const page = drawn && c.req.method === 'GET' ? await drawn(c, index) : null;
    return page ?? send(index, 'no-cache');
  });
  return app;
}
