import { request } from 'node:http';

export interface RawInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/**
 * A request over node:http, sent exactly as written: fetch normalises the path and will
 * not send another `Host`, which is what a browser sends after DNS rebinding. The body is
 * read to its end, except an event stream's, which is cut after the headers.
 */
export function rawRequest(base: string, rawPath: string, init: RawInit = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const options = {
    hostname: hostname.replace(/^\[|\]$/g, ''),
    port,
    path: rawPath,
    method: init.method ?? 'GET',
    headers: init.headers,
    timeout: 5000,
  };
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({ status: res.statusCode ?? 0, headers, bytes: Buffer.concat(chunks) });
      if (headers.get('content-type')?.startsWith('text/event-stream')) {
        res.destroy();
        return done();
      }
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', done);
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${rawPath} within 5 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
