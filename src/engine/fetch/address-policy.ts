import net from 'node:net';

/**
 * Which addresses an outbound fetch may connect to. The engine fetches URLs that clients
 * give it (describe, blend, masks, callbacks...), so without this any caller could make it
 * read cloud metadata (169.254.169.254) or services on the private network behind it.
 * The ranges are the IANA IPv4 and IPv6 special-purpose address registries, multicast,
 * and every IPv6 address outside global unicast (2000::/3). Loopback stays allowed: the
 * embedded setup serves its own uploads and receives its own callbacks on 127.0.0.1.
 */

export interface SpecialRange {
  cidr: string;
  /** Completes "it is ...". */
  what: string;
}

const DOCUMENTATION = 'a documentation address';
const AS112 = 'an AS112 (DNS sink) address';
const PRIVATE = 'a private address';

/** IPv4 ranges refused, checked in this order (the first that holds names the reason). */
export const V4_RANGES: readonly SpecialRange[] = [
  { cidr: '0.0.0.0/8', what: 'a "this network" address' },
  { cidr: '10.0.0.0/8', what: PRIVATE },
  { cidr: '100.64.0.0/10', what: 'a carrier-grade NAT address' },
  { cidr: '169.254.0.0/16', what: 'a link-local (cloud metadata) address' },
  { cidr: '172.16.0.0/12', what: PRIVATE },
  // 192.0.0.192 is a cloud metadata address; the whole IETF block is never a public host.
  { cidr: '192.0.0.0/24', what: 'an IETF protocol (metadata) address' },
  { cidr: '192.0.2.0/24', what: DOCUMENTATION },
  { cidr: '192.31.196.0/24', what: AS112 },
  { cidr: '192.52.193.0/24', what: 'an AMT (multicast tunnel) address' },
  { cidr: '192.88.99.0/24', what: 'a 6to4 relay anycast address' },
  { cidr: '192.168.0.0/16', what: PRIVATE },
  { cidr: '192.175.48.0/24', what: AS112 },
  { cidr: '198.18.0.0/15', what: 'a benchmarking address' },
  { cidr: '198.51.100.0/24', what: DOCUMENTATION },
  { cidr: '203.0.113.0/24', what: DOCUMENTATION },
  { cidr: '224.0.0.0/4', what: 'a multicast address' },
  { cidr: '255.255.255.255/32', what: 'the broadcast address' },
  { cidr: '240.0.0.0/4', what: 'a reserved address' },
];

/**
 * IPv6 ranges refused, most specific first. IPv4-mapped (::ffff:0:0/96), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16) addresses are judged by the IPv4 address inside
 * them before this list is read.
 */
export const V6_RANGES: readonly SpecialRange[] = [
  { cidr: '::/128', what: 'the unspecified address' },
  { cidr: '::ffff:0:0:0/96', what: 'an IPv4-translated (SIIT) address' },
  { cidr: '::/96', what: 'a deprecated IPv4-compatible address' },
  { cidr: '64:ff9b:1::/48', what: 'a local-use NAT64 address' },
  { cidr: '100::/64', what: 'a discard-only address' },
  { cidr: '100:0:0:1::/64', what: 'a dummy prefix address' },
  { cidr: '2001::/32', what: 'a Teredo tunnel address' },
  { cidr: '2001:2::/48', what: 'a benchmarking address' },
  { cidr: '2001:3::/32', what: 'an AMT (multicast tunnel) address' },
  { cidr: '2001:4:112::/48', what: AS112 },
  { cidr: '2001:10::/28', what: 'a deprecated ORCHID address' },
  { cidr: '2001:20::/28', what: 'an ORCHIDv2 (overlay identifier) address' },
  { cidr: '2001:30::/28', what: 'a drone remote ID address' },
  { cidr: '2001::/23', what: 'an IETF protocol address' },
  { cidr: '2001:db8::/32', what: DOCUMENTATION },
  { cidr: '2620:4f:8000::/48', what: AS112 },
  { cidr: '3fff::/20', what: DOCUMENTATION },
  { cidr: '5f00::/16', what: 'a segment routing (SRv6) address' },
  { cidr: 'fc00::/7', what: 'a unique-local (private) address' },
  { cidr: 'fe80::/10', what: 'a link-local address' },
  { cidr: 'fec0::/10', what: 'a site-local address' },
  { cidr: 'ff00::/8', what: 'a multicast address' },
  // Whatever is left outside global unicast (2000::/3) is unassigned or reserved.
  { cidr: '::/3', what: 'a reserved address outside global unicast (::/3)' },
  { cidr: '4000::/2', what: 'a reserved address outside global unicast (4000::/2)' },
  { cidr: '8000::/1', what: 'a reserved address outside global unicast (8000::/1)' },
];

type Family = 'ipv4' | 'ipv6';

interface Rule {
  what: string;
  list: net.BlockList;
}

function blockList(cidrs: readonly string[], family: Family): net.BlockList {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address = '', prefix = ''] = cidr.split('/');
    list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/*
 * One list per range so a match can say why. A family's rules are only ever asked about
 * addresses of that family: BlockList compares an IPv4 address with IPv6 rules as
 * ::ffff:a.b.c.d, so ::/3 would refuse every IPv4 address.
 */
const rules = (ranges: readonly SpecialRange[], family: Family): Rule[] =>
  ranges.map(({ cidr, what }) => ({ what, list: blockList([cidr], family) }));

const V4_RULES = rules(V4_RANGES, 'ipv4');
const V6_RULES = rules(V6_RANGES, 'ipv6');
const LOOPBACK_V4 = blockList(['127.0.0.0/8'], 'ipv4');
const LOOPBACK_V6 = blockList(['::1/128'], 'ipv6');
const MAPPED = blockList(['::ffff:0:0/96'], 'ipv6');

const firstMatch = (list: readonly Rule[], ip: string, family: Family): string | null =>
  list.find((r) => r.list.check(ip, family))?.what ?? null;

/** The eight 16-bit groups of an IPv6 address (already validated by `net.isIPv6`). */
function v6Groups(text: string): number[] {
  let s = text.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    s = `${s.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...new Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return all.map((g) => Number.parseInt(g, 16));
}

const v4From = (hi = 0, lo = 0): string => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** Tunnels that carry an IPv4 address to a gateway, which then connects to it. */
const TUNNELS: readonly { what: string; list: net.BlockList; inner: (g: number[]) => string }[] = [
  { what: 'a NAT64', list: blockList(['64:ff9b::/96'], 'ipv6'), inner: (g) => v4From(g[6], g[7]) },
  { what: 'a 6to4', list: blockList(['2002::/16'], 'ipv6'), inner: (g) => v4From(g[1], g[2]) },
];

function checkV4(ip: string): string | null {
  if (LOOPBACK_V4.check(ip, 'ipv4')) return null;
  return firstMatch(V4_RULES, ip, 'ipv4');
}

function checkV6(ip: string): string | null {
  if (LOOPBACK_V6.check(ip, 'ipv6')) return null;
  const groups = v6Groups(ip);
  // An IPv4-mapped address is a connection to that IPv4 address, loopback included.
  if (MAPPED.check(ip, 'ipv6')) return checkV4(v4From(groups[6], groups[7]));
  for (const tunnel of TUNNELS) {
    if (!tunnel.list.check(ip, 'ipv6')) continue;
    // The gateway's loopback is not ours: inside a tunnel only public addresses pass.
    const inner = tunnel.inner(groups);
    const why = LOOPBACK_V4.check(inner, 'ipv4') ? 'a loopback address' : checkV4(inner);
    return why && `${tunnel.what} address carrying ${inner}, ${why}`;
  }
  return firstMatch(V6_RULES, ip, 'ipv6');
}

/**
 * Why the engine may not connect to `ip`, or null when it may. `allowPrivate`
 * (ENGINE_ALLOW_PRIVATE_FETCH=1) lifts every restriction, for setups that serve
 * images or receive callbacks on their own network.
 */
export function refusedAddress(ip: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const family = net.isIP(ip);
  if (family === 4) return checkV4(ip);
  if (family === 6) return checkV6(ip);
  return 'not an IP address';
}
