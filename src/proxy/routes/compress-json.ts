import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptedCodings } from './encoding';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this, compressing saves less than it costs; most answers are single jobs. */
const MIN_BYTES = 1024;

const compressors = {
  // Quality 4 compresses JSON nearly as well as 11 at a small part of the CPU per request.
  br: (b: Buffer) => br(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (b: Buffer) => gz(b),
} as const;

/**
 * Compresses JSON answers of the browser API above a small size (job lists, history
 * pages). Event streams and media are never touched: they are not JSON, and a stream must
 * reach the browser event by event.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || res.headers.has('content-encoding')) return;
    if (c.req.method === 'HEAD' || res.body === null) return;
    const [choice] = acceptedCodings(c.req.header('accept-encoding'));
    const headers = new Headers(res.headers);
    headers.append('vary', 'accept-encoding');
    let body: BodyInit = res.body;
    if (choice !== undefined) {
      const raw = Buffer.from(await res.arrayBuffer());
      const sent = raw.length >= MIN_BYTES ? await compressors[choice.coding](raw) : raw;
      if (sent !== raw) headers.set('content-encoding', choice.coding);
      headers.set('content-length', String(sent.length));
      body = new Uint8Array(sent);
    }
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
