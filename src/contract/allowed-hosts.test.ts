import { describe, expect, it } from 'vitest';
import { allowedHosts, hostAllowed, parseHost, splitHostList } from './allowed-hosts';

describe('allowed hosts', () => {
  it('parses a name or name:port, and nothing else', () => {
    expect(parseHost('Studio.LAN:8080')).toEqual({ name: 'studio.lan', port: 8080 });
    expect(parseHost('[::1]')).toEqual({ name: '[::1]', port: null });
    for (const bad of ['', 'http://a', 'a/b', 'u@a', 'a:0', 'a:65536', 'a.', '::1', 'a b', 'a:']) {
      expect(parseHost(bad), bad).toBeNull();
    }
    expect(splitHostList(' a, b:1,, ')).toEqual(['a', 'b:1']);
  });

  it('answers loopback names on the port, own URLs, and listed entries', () => {
    const rules = allowedHosts(
      4000,
      ['http://127.0.0.2:4000', 'https://studio.example.com', 'not a url'],
      ['studio.lan', 'other.lan:81'],
    );
    const yes = ['localhost:4000', '127.0.0.1:4000', '[::1]:4000', '127.0.0.2:4000'];
    const alsoYes = [
      'studio.example.com',
      'studio.example.com:8443',
      'studio.lan:1',
      'other.lan:81',
    ];
    for (const host of [...yes, ...alsoYes]) expect(hostAllowed(host, rules), host).toBe(true);
    const no = ['localhost', 'localhost:4001', '127.0.0.2:4001', 'other.lan', 'other.lan:80'];
    const alsoNo = ['evil.example:4000', 'studio.example.com.evil.example', 'a@localhost:4000'];
    for (const host of [...no, ...alsoNo, undefined]) {
      expect(hostAllowed(host, rules), host).toBe(false);
    }
    // An https Origin without a port means 443.
    expect(hostAllowed('other.lan', allowedHosts(1, [], ['other.lan:443']), 443)).toBe(true);
  });
});
