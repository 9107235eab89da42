import { readFile } from 'node:fs/promises';
import type { Context, Hono } from 'hono';
import { EVENT_POSITION_HEADER } from '@/contract/event-position';
import type { Logger } from '../log';
import { compressFor } from './compress-json';

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
  /** The page, from index.html and the feed's answer; throws when it cannot. */
  draw(template: string, answer: { body: string; eventPosition: string | null }): string;
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
 * `GET /` with the Create page's first screen drawn in, from the asker's own feed: their
 * newest cards are on screen at the first paint, where index.html alone shows a frame
 * until the app has loaded, read the feed and rendered. The page holds that person's data,
 * so it is never stored (`no-store`: no cache, the service worker's neither, which keeps
 * the bare index.html as its offline shell). Null, and index.html is sent as it is, when
 * the feed cannot be read or drawn: the app then renders as without.
 */
export function firstScreenPage(app: Hono, drawer: FirstScreenDrawer, log: Logger) {
  return async (c: Context, indexFile: string): Promise<Response | null> => {
    try {
      const [template, feed] = await Promise.all([
        readFile(indexFile, 'utf8'),
        readFeed(app, c, drawer.feedPath),
      ]);
      if (feed === null) return null;
      const page = Buffer.from(drawer.draw(template, feed));
      const { body, coding } = await compressFor(c.req.header('accept-encoding'), page);
      const headers = new Headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        vary: 'accept-encoding',
        'x-content-type-options': 'nosniff',
        'content-length': String(body.length),
      });
      if (coding !== null) headers.set('content-encoding', coding);
      return new Response(new Uint8Array(body), { headers });
    } catch (err) {
      log.warn('the first screen was not drawn; index.html is sent as it is', { err });
      return null;
    }
  };
}
