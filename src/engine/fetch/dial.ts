import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { refusedAddress } from './address-policy';

/** Every address a host name resolves to. */
export type HostLookup = (host: string) => Promise<string[]>;

export interface FetchPolicy {
  /** ENGINE_ALLOW_PRIVATE_FETCH=1: private, link-local and metadata addresses allowed. */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Resolves host names; the system's resolver when absent (tests map names with it). */
  lookup?: HostLookup;
  /** Called just before each connection, with the exact address dialled (tests watch it). */
  onConnect?: (address: string, port: number) => void;
}

/** A fetch that was refused or failed; the message says why, in words for the user. */
export class FetchError extends Error {}

const systemLookup: HostLookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The host of a URL as an address or a name, without the brackets of an IPv6 literal. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

export function parseTarget(raw: string): URL {
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
async function resolveChecked(url: URL, policy: FetchPolicy): Promise<string> {
  const host = hostOf(url);
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (policy.lookup ?? systemLookup)(host);
    } catch {
      throw new FetchError(`host ${host} was not found`);
    }
  }
  for (const address of addresses) {
    const why = refusedAddress(address, policy.allowPrivate);
    if (why) throw new FetchError(`refused to connect to ${address}: it is ${why}`);
  }
  const first = addresses[0];
  if (!first) throw new FetchError(`host ${host} has no address`);
  return first;
}

export interface Hop {
  url: URL;
  address: string;
  signal: AbortSignal;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const portOf = (url: URL): number => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** One request to the checked address; the URL's host goes in the Host header and TLS. */
function request(hop: Hop): Promise<http.IncomingMessage> {
  const { url, address, signal } = hop;
  const secure = url.protocol === 'https:';
  const host = hostOf(url);
  const options: https.RequestOptions = {
    host: address,
    port: portOf(url),
    path: `${url.pathname}${url.search}`,
    method: hop.method,
    headers: { ...hop.headers, host: url.host },
    signal,
    agent: false,
    // TLS checks the certificate against the name, though the socket dials the address.
    ...(secure && !net.isIP(host) ? { servername: host } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(options, resolve);
    req.on('error', reject);
    req.end(hop.body);
  });
}

/** Resolves, checks and connects: the response to one request, redirects not followed. */
export async function dial(
  url: URL,
  policy: FetchPolicy,
  req: Omit<Hop, 'url' | 'address'>,
): Promise<http.IncomingMessage> {
  const address = await resolveChecked(url, policy);
  policy.onConnect?.(address, portOf(url));
  return request({ ...req, url, address });
}

function describeFailure(err: unknown, timeoutMs: number, signal: AbortSignal): FetchError {
  if (err instanceof FetchError) return err;
  if (signal.aborted) return new FetchError(`no complete answer within ${timeoutMs / 1000} s`);
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return new FetchError('the connection was refused');
  const text = err instanceof Error ? err.message : String(err);
  return new FetchError(`the request failed (${code ?? text})`);
}

/**
 * Runs `work` under a time limit over the whole exchange (and an outer signal, if any),
 * turning whatever it throws into a FetchError.
 */
export async function withDeadline<T>(
  timeoutMs: number,
  outer: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const signal = outer ? AbortSignal.any([abort.signal, outer]) : abort.signal;
  try {
    return await work(signal);
  } catch (err) {
    throw describeFailure(err, timeoutMs, signal);
  } finally {
    clearTimeout(timer);
  }
}
