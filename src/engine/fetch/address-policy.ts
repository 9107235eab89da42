import net from 'node:net';

/**
 * Which addresses an outbound fetch may connect to. The engine fetches URLs that clients
 * give it (describe, blend, masks...), so without this any caller could make it read
 * cloud metadata (169.254.169.254) or services on the private network behind it.
 * Loopback stays allowed: the embedded setup serves its own uploads on 127.0.0.1.
 */

interface Block {
  /** First address of the range as an unsigned 32-bit number. */
  start: number;
  bits: number;
  what: string;
}

const v4 = (text: string): number =>
  text.split('.').reduce((acc, part) => acc * 256 + Number(part), 0) >>> 0;

const block = (cidr: string, what: string): Block => {
  const [addr = '', bits = '32'] = cidr.split('/');
  return { start: v4(addr), bits: Number(bits), what };
};

const V4_BLOCKS: readonly Block[] = [
  block('0.0.0.0/8', 'a "this network" address'),
  block('10.0.0.0/8', 'a private address'),
  block('100.64.0.0/10', 'a carrier-grade NAT address'),
  block('169.254.0.0/16', 'a link-local (cloud metadata) address'),
  block('172.16.0.0/12', 'a private address'),
  // 192.0.0.192 is a cloud metadata address; the whole IETF block is never a public host.
  block('192.0.0.0/24', 'an IETF protocol (metadata) address'),
  block('192.168.0.0/16', 'a private address'),
  block('198.18.0.0/15', 'a benchmarking address'),
  block('224.0.0.0/4', 'a multicast address'),
  block('240.0.0.0/4', 'a reserved or broadcast address'),
];

const inBlock = (ip: number, b: Block): boolean =>
  b.bits === 0 || ip >>> (32 - b.bits) === b.start >>> (32 - b.bits);

function checkV4(ip: number): string | null {
  if (ip >>> 24 === 127) return null; // loopback
  return V4_BLOCKS.find((b) => inBlock(ip, b))?.what ?? null;
}

/** The 16 bytes of an IPv6 address (already validated by `net.isIPv6`). */
function v6Bytes(text: string): number[] {
  let s = text.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)?.[1];
  if (dotted) {
    const n = v4(dotted);
    s = `${s.slice(0, -dotted.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...new Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

const fromBytes = (b: readonly number[], at: number): number =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>>
  0;

/** An IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4, compatible), if any. */
function embeddedV4(b: readonly number[]): number | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return fromBytes(b, 12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) {
    return fromBytes(b, 12);
  }
  if (b[0] === 0x20 && b[1] === 0x02) return fromBytes(b, 2);
  // IPv4-compatible (::a.b.c.d, deprecated); :: and ::1 are handled before this.
  if (zeros(0, 12)) return fromBytes(b, 12);
  return null;
}

function checkV6(text: string): string | null {
  const b = v6Bytes(text);
  const first = b[0] ?? 0;
  const second = b[1] ?? 0;
  if (b.every((x, i) => x === (i === 15 ? 1 : 0))) return null; // ::1, loopback
  if (b.every((x) => x === 0)) return 'the unspecified address';
  const inner = embeddedV4(b);
  if (inner !== null) return checkV4(inner);
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'a link-local address';
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'a site-local address';
  if ((first & 0xfe) === 0xfc) return 'a unique-local (private) address';
  if (first === 0xff) return 'a multicast address';
  return null;
}

/**
 * Why the engine may not connect to `ip`, or null when it may. `allowPrivate`
 * (ENGINE_ALLOW_PRIVATE_FETCH=1) lifts every restriction, for setups that serve
 * images from their own network.
 */
export function refusedAddress(ip: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const family = net.isIP(ip);
  if (family === 4) return checkV4(v4(ip));
  if (family === 6) return checkV6(ip);
  return 'not an IP address';
}
