import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { refusedAddress } from './address-policy';

export interface FetchPolicy {
  /** ENGINE_ALLOW_PRIVATE_FETCH=1: private, link-local and metadata addresses allowed. */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Called just before each connection, with the exact address dialled (tests watch it). */
  onConnect?: (address: string, port: number) => void;
}

/** A fetch that was refused or failed; the message says why, in words for the user. */
export class FetchError extends Error {}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(`${url.protocol} URLs are not fetched; use http:// or https://`);
  }
  return url;
}

/**
 * The address to dial. The URL parser has already turned decimal, hex and octal IPv4
 * forms (http://2852039166/) into dotted ones; names are resolved here, once, and the
 * connection goes to the checked address, so a second lookup cannot rebind the name.
 */
async function resolveChecked(url: URL, allowPrivate: boolean): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new FetchError(`host ${host} was not found`);
    }
  }
  for (const address of addresses) {
    const why = refusedAddress(address, allowPrivate);
    if (why) throw new FetchError(`refused to connect to ${address}: it is ${why}`);
  }
  const first = addresses[0];
  if (!first) throw new FetchError(`host ${host} has no address`);
  return first;
}

interface Hop {
  url: URL;
  address: string;
  signal: AbortSignal;
}

function request(hop: Hop): Promise<http.IncomingMessage> {
  const { url, address, signal } = hop;
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const options: https.RequestOptions = {
    host: address,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { host: url.host, accept: 'image/*', 'user-agent': 'task-engine-fetch/1' },
    signal,
    agent: false,
    // TLS checks the certificate against the name, though the socket dials the address.
    ...(secure && !net.isIP(host) ? { servername: host } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(options, resolve);
    req.on('error', reject);
    req.end();
  });
}

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

function describeFailure(err: unknown, timeoutMs: number, signal: AbortSignal): FetchError {
  if (err instanceof FetchError) return err;
  if (signal.aborted) return new FetchError(`no complete answer within ${timeoutMs / 1000} s`);
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return new FetchError('the connection was refused');
  const text = err instanceof Error ? err.message : String(err);
  return new FetchError(`the request failed (${code ?? text})`);
}

/** Follows redirects, re-checking every hop's address, and returns the final 200 body. */
async function follow(raw: string, policy: FetchPolicy, signal: AbortSignal): Promise<Buffer> {
  const maxRedirects = policy.maxRedirects ?? DEFAULTS.maxRedirects;
  let url = parseTarget(raw);
  for (let hops = 0; ; hops++) {
    const address = await resolveChecked(url, policy.allowPrivate);
    policy.onConnect?.(address, Number(url.port) || (url.protocol === 'https:' ? 443 : 80));
    const res = await request({ url, address, signal });
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
export async function guardedGet(raw: string, policy: FetchPolicy): Promise<Buffer> {
  const timeoutMs = policy.timeoutMs ?? DEFAULTS.timeoutMs;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    return await follow(raw, policy, abort.signal);
  } catch (err) {
    throw describeFailure(err, timeoutMs, abort.signal);
  } finally {
    clearTimeout(timer);
  }
}
