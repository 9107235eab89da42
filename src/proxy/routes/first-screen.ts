import { readFile } from 'node:fs/promises';
import { Readable, pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { EVENT_POSITION_HEADER } from '@/contract/event-position';
import type { Logger } from '../log';
import { PER_REQUEST_BROTLI } from './compress-json';
import { acceptedCodings } from './encoding';

/**
 * What draws the Create page's first screen into index.html: the web app's own tree,
 * rendered on the server (src/web/server/first-screen.tsx), which the launcher hands over;
 * the proxy never imports the web app.
 */
export interface FirstScreenDrawer {
  /** The feed's request, as the page's first screen makes it. */
  feedPath: string;
  /** The drawn page's one inline script; its hash is in every answer's CSP. */
  headScript: string;
  /**
   * index.html cut where the first screen goes: `head`, sent at once, before the feed is
   * read, and `rest`, what follows it as built. Throws when the page has no place for it.
   */
  cut(template: string): { head: string; rest: string };
  /** `rest` with the first screen drawn in from the feed's answer; throws when it cannot. */
  draw(
    rest: string,
    answer: { body: string; eventPosition: string | null },
  ): string | Promise<string>;
}

/** What of the page's request the feed's read leaves out: it asks for plain, whole JSON. */
const NOT_CARRIED = ['accept-encoding', 'if-none-match', 'if-modified-since', 'range'];

/**
 * The feed's answer for whoever asks for the page: the page's request, cookie and host
 * included, made again to the feed's own route, through every check an API request
 * passes (host, session, role). Null when that route refuses it.
 */
async function readFeed(app: Hono, c: Context, path: string) {
  const headers = new Headers(c.req.raw.headers);
  for (const name of NOT_CARRIED) headers.delete(name);
  headers.set('accept', 'application/json');
  headers.set('sec-fetch-mode', 'cors');
  headers.set('sec-fetch-dest', 'empty');
  const res = await app.request(path, { headers }, c.env);
  if (res.status !== 200) {
    await res.body?.cancel();
    return null;
  }
  return { body: await res.text(), eventPosition: res.headers.get(EVENT_POSITION_HEADER) };
}

/**
 * The page's parts as they come, compressed as the request takes (brotli as the API's
 * JSON is, or gzip), each part flushed whole: the browser has the head, and starts
 * on it, while the rest is still being made. A closed connection ends it.
 */
function streamed(acceptEncoding: string | undefined, parts: AsyncIterable<Buffer>) {
  const source = Readable.from(parts, { objectMode: false });
  const [choice] = acceptedCodings(acceptEncoding);
  if (choice === undefined) return { body: source, coding: null };
  const compressor =
    choice.coding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: PER_REQUEST_BROTLI,
        })
      : createGzip({ flush: constants.Z_SYNC_FLUSH });
  pipeline(source, compressor, () => undefined);
  return { body: compressor, coding: choice.coding };
}

/**
 * `GET /` with the Create page's first screen drawn in, from the asker's own feed: their
 * newest cards are on screen at the first paint, where index.html alone shows a frame
 * until the app has loaded, read the feed and rendered. The head goes out at once: the
 * browser starts the page's process and fetches its scripts while the feed is read and
 * drawn. The page holds that person's data, so it is never stored (`no-store`: no cache,
 * the service worker's neither, which keeps the bare index.html as its offline shell).
 * When the feed cannot be read or drawn, the rest of index.html follows as built and the
 * app renders as without. Null, and index.html is sent as it is, when it has no root.
 */
export function firstScreenPage(app: Hono, drawer: FirstScreenDrawer, log: Logger) {
  return async (c: Context, indexFile: string): Promise<Response | null> => {
    let cut: { head: string; rest: string };
    try {
      cut = drawer.cut(await readFile(indexFile, 'utf8'));
    } catch (err) {
      log.warn('the first screen has no place in index.html; it is sent as it is', { err });
      return null;
    }
    const rest = readFeed(app, c, drawer.feedPath)
      .then((answer) => (answer === null ? cut.rest : drawer.draw(cut.rest, answer)))
      .catch((err: unknown) => {
        log.warn('the first screen was not drawn; the rest of index.html is sent as it is', {
          err,
        });
        return cut.rest;
      });
    async function* parts() {
      yield Buffer.from(cut.head);
      yield Buffer.from(await rest);
    }
    const { body, coding } = streamed(c.req.header('accept-encoding'), parts());
    const headers = new Headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
    });
    if (coding !== null) headers.set('content-encoding', coding);
    return new Response(Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>, {
      headers,
    });
  };
}
