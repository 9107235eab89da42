import { request } from 'node:http';

export interface RawRequest {
  method?: string;
  /** Sent exactly as written: fetch would normalise `..` and encodings away. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's source address, e.g. 127.0.0.7: Linux routes all of 127/8 to loopback. */
  localAddress?: string;
  /** A request not answered by then fails the test: a hang is a bug. */
  timeoutMs?: number;
  /** Reads at most this much of the answer, then hangs up. */
  maxBytes?: number;
  /**
   * Sends the body and hangs up without ending it, as a client that announced more than it
   * sent; the answer is then status 0 unless one came first.
   */
  hangUp?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The request's headers, with the body's length when it names none: node:http sends a
 * DELETE, OPTIONS or TRACE body with neither a length nor chunks, so the server would read
 * the body as the next request's garbage. A length the request gives is sent as written.
 */
function framed(req: RawRequest): Record<string, string> | undefined {
  if (req.body === undefined) return req.headers;
  const named = Object.keys(req.headers ?? {}).map((k) => k.toLowerCase());
  if (named.includes('content-length') || named.includes('transfer-encoding')) return req.headers;
  return { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) };
}

/**
 * One request over node:http, sent exactly as written (fetch normalises the path and will
 * not send another `Host`, which is what a browser sends after DNS rebinding), with a
 * source address and a deadline fetch cannot give. An event stream never ends, so its
 * answer is cut after the headers.
 */
export function rawRequest(base: string, req: RawRequest): Promise<RawResponse> {
  const headers = framed(req);
  const { hostname: bracketed, port } = new URL(base);
  const hostname = bracketed.replace(/^\[|\]$/g, '');
  const maxBytes = req.maxBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const timeoutMs = req.timeoutMs ?? 5000;
    const timer = setTimeout(() => {
      out.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms: ${req.method ?? 'GET'} ${req.path}`));
    }, timeoutMs);
    const out = request(
      {
        hostname,
        port,
        method: req.method ?? 'GET',
        path: req.path,
        headers,
        localAddress: req.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          clearTimeout(timer);
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        };
        if (res.headers['content-type']?.startsWith('text/event-stream')) {
          res.destroy();
          done();
          return;
        }
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBytes) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', () => done());
      },
    );
    out.on('error', (err) => {
      clearTimeout(timer);
      if (req.hangUp) resolve({ status: 0, headers: {}, body: Buffer.alloc(0) });
      else reject(err);
    });
    if (!req.hangUp) {
      out.end(req.body);
      return;
    }
    out.flushHeaders();
    if (req.body !== undefined) out.write(req.body);
    setTimeout(() => out.destroy(new Error('hung up on purpose')), 30);
  });
}
