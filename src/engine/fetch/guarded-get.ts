import type http from 'node:http';
import type { FetchPolicy } from './dial';
import { FetchError, dial, parseTarget, withDeadline } from './dial';

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = { accept: 'image/*', 'user-agent': 'task-engine-fetch/1' };

async function readBody(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes) {
    res.destroy();
    throw new FetchError(`the response is larger than ${maxBytes} bytes (${declared} declared)`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res) {
    const buf = chunk as Buffer;
    total += buf.length;
    if (total > maxBytes) {
      res.destroy();
      throw new FetchError(`the response is larger than ${maxBytes} bytes`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Follows redirects, re-checking every hop's address, and returns the final 200 body. */
async function follow(raw: string, policy: FetchPolicy, signal: AbortSignal): Promise<Buffer> {
  const maxRedirects = policy.maxRedirects ?? DEFAULTS.maxRedirects;
  let url = parseTarget(raw);
  for (let hops = 0; ; hops++) {
    const res = await dial(url, policy, { signal, method: 'GET', headers: HEADERS });
    const location = res.headers.location;
    if (REDIRECTS.has(res.statusCode ?? 0) && location) {
      res.resume();
      if (hops >= maxRedirects) throw new FetchError(`more than ${maxRedirects} redirects`);
      url = parseTarget(new URL(location, url).href);
      continue;
    }
    if (res.statusCode !== 200) {
      res.resume();
      throw new FetchError(`the server answered HTTP ${res.statusCode ?? 0}`);
    }
    return readBody(res, policy.maxBytes ?? DEFAULTS.maxBytes);
  }
}

/**
 * GET of a URL a client gave: http(s) only, at most 5 redirects, a time limit over the
 * whole exchange and a size limit, and no connection to an address the policy refuses.
 */
export function guardedGet(raw: string, policy: FetchPolicy): Promise<Buffer> {
  return withDeadline(policy.timeoutMs ?? DEFAULTS.timeoutMs, undefined, (signal) =>
    follow(raw, policy, signal),
  );
}
