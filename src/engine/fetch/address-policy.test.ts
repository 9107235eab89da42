import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../config';
import type { SpecialRange } from './address-policy';
import { V4_RANGES, V6_RANGES, refusedAddress } from './address-policy';

/*
 * Address arithmetic for the table below, written independently of the policy (which
 * leaves matching to net.BlockList): an address as a BigInt and back.
 */
function toBig(ip: string): bigint {
  if (net.isIPv4(ip)) return ip.split('.').reduce((acc, p) => (acc << 8n) | BigInt(p), 0n);
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t]
    : h;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(`0x${g}`), 0n);
}

function fromBig(n: bigint, v4: boolean): string {
  const parts = v4 ? 4 : 8;
  const bits = v4 ? 8n : 16n;
  const out: string[] = [];
  for (let i = parts - 1; i >= 0; i--) {
    const part = (n >> (BigInt(i) * bits)) & ((1n << bits) - 1n);
    out.push(v4 ? part.toString() : part.toString(16));
  }
  return out.join(v4 ? '.' : ':');
}

/** First and last address of a range, and the neighbours just outside it (if any). */
function edges(cidr: string) {
  const [addr = '', prefix = ''] = cidr.split('/');
  const v4 = net.isIPv4(addr);
  const width = v4 ? 32n : 128n;
  const size = 1n << (width - BigInt(prefix));
  const first = toBig(addr);
  const last = first + size - 1n;
  const inside = (ip: string) => toBig(ip) >= first && toBig(ip) <= last;
  const outside = [first - 1n, last + 1n].filter((n) => n >= 0n && n < 1n << width);
  return {
    inside,
    ends: [first, last].map((n) => fromBig(n, v4)),
    outside: outside.map((n) => fromBig(n, v4)),
  };
}

/** One address inside each refused range, chosen away from the edges. */
const SAMPLES: Record<string, string> = {
  '0.0.0.0/8': '0.1.2.3',
  '10.0.0.0/8': '10.1.2.3',
  '100.64.0.0/10': '100.100.100.200',
  '169.254.0.0/16': '169.254.169.254',
  '172.16.0.0/12': '172.20.0.1',
  '192.0.0.0/24': '192.0.0.192',
  '192.0.2.0/24': '192.0.2.1',
  '192.31.196.0/24': '192.31.196.1',
  '192.52.193.0/24': '192.52.193.9',
  '192.88.99.0/24': '192.88.99.1',
  '192.168.0.0/16': '192.168.1.1',
  '192.175.48.0/24': '192.175.48.6',
  '198.18.0.0/15': '198.19.0.1',
  '198.51.100.0/24': '198.51.100.7',
  '203.0.113.0/24': '203.0.113.9',
  '224.0.0.0/4': '239.255.255.250',
  '255.255.255.255/32': '255.255.255.255',
  '240.0.0.0/4': '240.0.0.1',
  '::/128': '::',
  '::ffff:0:0:0/96': '::ffff:0:a9fe:a9fe',
  '::/96': '::a00:1',
  '64:ff9b:1::/48': '64:ff9b:1::a00:1',
  '100::/64': '100::1',
  '100:0:0:1::/64': '100:0:0:1::1',
  '2001::/32': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:2::/48': '2001:2::1',
  '2001:3::/32': '2001:3::1',
  '2001:4:112::/48': '2001:4:112::1',
  '2001:10::/28': '2001:10::1',
  '2001:20::/28': '2001:20::1',
  '2001:30::/28': '2001:30::1',
  '2001::/23': '2001:1::1',
  '2001:db8::/32': '2001:db8::1',
  '2620:4f:8000::/48': '2620:4f:8000::42',
  '3fff::/20': '3fff::1',
  '5f00::/16': '5f00::1',
  'fc00::/7': 'fd00::1',
  'fe80::/10': 'fe80::1',
  'fec0::/10': 'fec0::1',
  'ff00::/8': 'ff02::1',
  '::/3': '1::1',
  '4000::/2': '4000::1',
  '8000::/1': '8000::1',
};

const RANGES: readonly SpecialRange[] = [...V4_RANGES, ...V6_RANGES];

describe('address policy', () => {
  it('has a sample inside every range of the registries it refuses', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(RANGES.map((r) => r.cidr).sort());
  });

  it.each(RANGES)('refuses $cidr as $what, and not the addresses just outside it', (range) => {
    const sample = SAMPLES[range.cidr] ?? '';
    const { inside, ends, outside } = edges(range.cidr);
    expect(inside(sample), `${sample} lies in ${range.cidr}`).toBe(true);
    expect(refusedAddress(sample, false)).toBe(range.what);
    for (const ip of ends) expect(refusedAddress(ip, false), ip).not.toBeNull();
    for (const ip of outside) expect(refusedAddress(ip, false), ip).not.toBe(range.what);
  });

  it('allows public neighbours of the refused ranges, loopback and global unicast', () => {
    for (const ip of [
      '1.0.0.0',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '169.253.255.255',
      '169.255.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.0.1.0',
      '192.0.3.0',
      '192.88.100.0',
      '192.169.0.0',
      '198.17.255.255',
      '198.20.0.0',
      '198.51.101.0',
      '203.0.114.0',
      '223.255.255.255',
      '8.8.8.8',
      '127.0.0.1',
      '127.255.255.255',
      '::1',
      '2000::',
      '2001:200::1',
      '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
      '2001:db9::',
      '2606:4700:4700::1111',
      '3ffe:ffff::1',
      '2620:4f:7fff:ffff:ffff:ffff:ffff:ffff',
    ]) {
      expect(refusedAddress(ip, false), ip).toBeNull();
    }
  });

  // BlockList compares IPv4 addresses with IPv6 rules in their ::ffff: form, and IPv4
  // rules with ::ffff: addresses: each of these would go wrong if the families mixed.
  it('judges IPv4-mapped addresses by the IPv4 rules, in either notation', () => {
    expect(refusedAddress('::ffff:169.254.169.254', false)).toBe(
      'a link-local (cloud metadata) address',
    );
    expect(refusedAddress('::ffff:a9fe:a9fe', false)).toBe('a link-local (cloud metadata) address');
    expect(refusedAddress('0:0:0:0:0:ffff:10.0.0.1', false)).toBe('a private address');
    expect(refusedAddress('::ffff:192.0.2.1', false)).toBe('a documentation address');
    expect(refusedAddress('::ffff:127.0.0.1', false)).toBeNull();
    expect(refusedAddress('::ffff:8.8.8.8', false)).toBeNull();
    expect(refusedAddress('::ffff:808:808', false)).toBeNull();
    expect(refusedAddress('8.8.8.8', false)).toBeNull();
  });

  it('judges NAT64 and 6to4 addresses by the IPv4 address they carry, loopback refused', () => {
    expect(refusedAddress('64:ff9b::a9fe:a9fe', false)).toBe(
      'a NAT64 address carrying 169.254.169.254, a link-local (cloud metadata) address',
    );
    expect(refusedAddress('64:ff9b::10.0.0.1', false)).toBe(
      'a NAT64 address carrying 10.0.0.1, a private address',
    );
    expect(refusedAddress('64:ff9b::127.0.0.1', false)).toBe(
      'a NAT64 address carrying 127.0.0.1, a loopback address',
    );
    expect(refusedAddress('2002:c000:0201::1', false)).toBe(
      'a 6to4 address carrying 192.0.2.1, a documentation address',
    );
    expect(refusedAddress('2002:7f00:1::', false)).toMatch(/carrying 127\.0\.0\.1/);
    expect(refusedAddress('64:ff9b::8.8.8.8', false)).toBeNull();
    expect(refusedAddress('2002:808:808::1', false)).toBeNull();
  });

  it('reads zone indices and refuses anything that is not an IP address', () => {
    expect(refusedAddress('fe80::1%eth0', false)).toBe('a link-local address');
    expect(refusedAddress('metadata.internal', false)).toBe('not an IP address');
  });

  it('lifts every restriction with ENGINE_ALLOW_PRIVATE_FETCH=1', () => {
    expect(loadEngineConfig({}).allowPrivateFetch).toBe(false);
    expect(loadEngineConfig({ ENGINE_ALLOW_PRIVATE_FETCH: '1' }).allowPrivateFetch).toBe(true);
    expect(() => loadEngineConfig({ ENGINE_ALLOW_PRIVATE_FETCH: 'yes' })).toThrow(
      /ENGINE_ALLOW_PRIVATE_FETCH="yes": must be 0 or 1/,
    );
    expect(refusedAddress('169.254.169.254', true)).toBeNull();
    expect(refusedAddress('fd00::1', true)).toBeNull();
  });
});
