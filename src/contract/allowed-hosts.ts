/**
 * Which `Host` a server answers, the defence against DNS rebinding: a page whose own name
 * was made to resolve to 127.0.0.1 reaches a loopback server as "same-origin", but its
 * requests still carry that name. Pure and without zod, so that the studio proxy and the
 * engine, which may not import each other, share one rule.
 */

/** A host a server answers to; `port` null means on any port. */
export interface HostRule {
  readonly name: string;
  readonly port: number | null;
}

/** The names every loopback server answers to, on its own port. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** A DNS name or IPv4 address (dot-separated labels), or an IPv6 address in brackets. */
const HOST_RE = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?::(\d{1,5}))?$/i;

/** `name` or `name:port`, lower-cased; null when it is neither (a scheme, a path, a user). */
export function parseHost(value: string): HostRule | null {
  const m = HOST_RE.exec(value);
  if (!m?.[1]) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { name: m[1].toLowerCase(), port };
}

/** A setting's comma-separated list as its entries; anything else (an array) as it is. */
export const splitHostList = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : value;

/** Whether a setting's entry is a host, `name` or `name:port`. */
export const isHostEntry = (entry: string): boolean => parseHost(entry) !== null;

/** Why a setting's entry is refused, with an example named like the server's own hosts. */
export const notAHost =
  (example: string) =>
  (issue: { input: unknown }): string =>
    `${JSON.stringify(issue.input)} is not a host name or host:port (no scheme, no path), e.g. ${example}`;

/** Addresses a server can bind that only this machine reaches. */
export const isLoopbackBind = (host: string): boolean =>
  /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i.test(host);

/**
 * What a server listening on `port` answers to: the loopback names on that port, the
 * hosts of its own URLs (with their port, or on any port when they name none, as behind
 * a TLS-ending proxy), and the operator's entries (already checked with `parseHost`).
 */
export function allowedHosts(
  port: number,
  urls: readonly string[],
  entries: readonly string[],
): HostRule[] {
  const rules: HostRule[] = LOOPBACK_NAMES.map((name) => ({ name, port }));
  const urlHosts = urls.flatMap((url) => (URL.canParse(url) ? [new URL(url).host] : []));
  for (const host of [...urlHosts, ...entries]) {
    const rule = parseHost(host);
    if (rule) rules.push(rule);
  }
  return rules;
}

/**
 * Whether `host` (a `Host` header, or an Origin's host) names one of `rules`. Without a
 * port it means `defaultPort`: 80 for a request to a plain-http server.
 */
export function hostAllowed(
  host: string | undefined,
  rules: readonly HostRule[],
  defaultPort = 80,
): boolean {
  const given = host === undefined ? null : parseHost(host);
  if (!given) return false;
  const port = given.port ?? defaultPort;
  return rules.some((r) => r.name === given.name && (r.port === null || r.port === port));
}
