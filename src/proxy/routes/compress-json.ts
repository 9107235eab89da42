import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptedCodings } from './encoding';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this, compressing saves less than it costs; most answers are single jobs. */
const MIN_BYTES = 1024;

/**
 * Brotli for what is compressed per request (the API's JSON, the drawn page): quality 4
 * compresses nearly as well as 11 at a small part of the CPU.
 */
export const PER_REQUEST_BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 4 };

const compressors = {
  br: (b: Buffer) => br(b, { params: PER_REQUEST_BROTLI }),
  gzip: (b: Buffer) => gz(b),
} as const;

/**
 * `raw` compressed as the request's Accept-Encoding takes first, or as it is (`coding`
 * null) when it takes none or `raw` is too small to gain.
 */
async function compressFor(
  acceptEncoding: string | undefined,
  raw: Buffer,
): Promise<{ body: Buffer; coding: string | null }> {
  const [choice] = acceptedCodings(acceptEncoding);
  if (choice === undefined || raw.length < MIN_BYTES) return { body: raw, coding: null };
  return { body: await compressors[choice.coding](raw), coding: choice.coding };
}

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
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304) return;
    res.headers.append('vary', 'accept-encoding');
    const [choice] = acceptedCodings(c.req.header('accept-encoding'));
    // Left as it is, the answer keeps the server's fast path (its body written at once);
    // reading or rebuilding it makes a stream of it.
    if (choice === undefined) return;
    const raw = Buffer.from(await res.arrayBuffer());
    const { body: sent, coding } = await compressFor(c.req.header('accept-encoding'), raw);
    const headers = new Headers(res.headers);
    if (coding !== null) headers.set('content-encoding', coding);
    headers.set('content-length', String(sent.length));
    // Cleared first: replacing an answer makes Hono copy it, its body as a stream.
    c.res = undefined;
    c.res = new Response(new Uint8Array(sent), {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}
