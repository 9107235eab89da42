import { describe, expect, it } from 'vitest';
import { httpUrlRe, httpUrlsIn, isHttpUrl, replaceHttpUrls } from './urls';

/** Each input, and whether each rule takes it: any URL, a server's, a server's without query. */
const CASES: [string, boolean, boolean, boolean][] = [
  ['http://127.0.0.1:8090', true, true, true],
  ['https://cdn.example.com/a.png', true, true, true],
  ['HTTPS://CDN.EXAMPLE.COM/A.PNG', true, true, true],
  ['http://[::1]:8090/api/', true, true, true],
  ['https://cdn.example.com/a.png?w=2', true, true, false],
  ['https://studio.example.com/#top', true, true, false],
  ['https://studio.example.com?x', true, true, false],
  ['http:///no-host', true, false, false],
  ['http://', false, false, false],
  ['http://a b', false, false, false],
  [' http://a', false, false, false],
  ['http://a\n', false, false, false],
  ['ftp://example.com/a.png', false, false, false],
  ['example.com/a.png', false, false, false],
  ['', false, false, false],
];

describe('the http(s) URL rule', () => {
  const any = httpUrlRe();
  const server = httpUrlRe({ host: true });
  const serverNoQuery = httpUrlRe({ host: true, query: false });
  it.each(CASES)('%j: any %s, a server %s, a server without query %s', (url, a, s, q) => {
    expect([any.test(url), isHttpUrl(url), server.test(url), serverNoQuery.test(url)]).toEqual([
      a,
      a,
      s,
      q,
    ]);
  });

  it('finds every URL in a text, up to the whitespace after it, whatever its case', () => {
    const text = 'https://x.com/a.png a cat\tHTTP://y.com/b?c=1\nand xhttp://z then ftp://no';
    expect(httpUrlsIn(text)).toEqual(['https://x.com/a.png', 'HTTP://y.com/b?c=1', 'http://z']);
    expect(httpUrlsIn('no links')).toEqual([]);
    expect(replaceHttpUrls(text, ' ')).toBe('  a cat\t \nand x  then ftp://no');
  });
});
