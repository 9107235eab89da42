import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FetchPolicy } from './dial';
import { guardedPost } from './guarded-post';
import type { ImageServer } from './test-server';
import { startImageServer } from './test-server';

describe('guarded POST (callbacks)', () => {
  let server: ImageServer;
  let port = '';
  const dialled: string[] = [];
  const lookups: string[] = [];
  /** `rebind.test` answers loopback once, then the metadata address; `mixed.test` both. */
  const policy: FetchPolicy = {
    allowPrivate: false,
    onConnect: (address) => dialled.push(address),
    lookup: async (host) => {
      lookups.push(host);
      if (host === 'rebind.test') {
        return lookups.length === 1 ? ['127.0.0.1'] : ['169.254.169.254'];
      }
      if (host === 'mixed.test') return ['127.0.0.1', '10.0.0.1'];
      throw new Error(`${host} is not resolved in tests`);
    },
  };
  const request = () => ({
    body: '{"status":"completed"}',
    headers: new Headers({ 'content-type': 'application/json', 'x-webhook-timestamp': '1' }),
  });

  beforeAll(async () => {
    server = await startImageServer({
      '/hook': { body: Buffer.alloc(0) },
      '/moved': { redirect: '/hook' },
    });
    port = new URL(server.url).port;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    dialled.length = 0;
    lookups.length = 0;
    server.requests.length = 0;
  });

  it('resolves a name once and posts to the address it checked, naming the host', async () => {
    expect(await guardedPost(`http://rebind.test:${port}/hook`, request(), policy)).toBe(200);
    expect(lookups).toEqual(['rebind.test']);
    expect(dialled).toEqual(['127.0.0.1']);
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/hook',
        host: `rebind.test:${port}`,
        body: '{"status":"completed"}',
      },
    ]);
  });

  it('refuses a name when any address it resolves to is refused, connecting to none', async () => {
    const err = await guardedPost(`http://mixed.test:${port}/hook`, request(), policy).catch(
      (e: unknown) => e,
    );
    expect((err as Error).message).toBe('refused to connect to 10.0.0.1: it is a private address');
    expect(dialled).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('refuses address literals in any notation without a lookup', async () => {
    for (const url of ['http://2852039166/', 'http://[::ffff:a9fe:a9fe]/', 'http://[fd00::1]/']) {
      await expect(guardedPost(url, request(), policy), url).rejects.toThrow(/^refused to connect/);
    }
    expect(lookups).toEqual([]);
    expect(dialled).toEqual([]);
  });

  it('answers a redirect with its status and does not follow it', async () => {
    expect(await guardedPost(`${server.url}/moved`, request(), policy)).toBe(302);
    expect(server.requests.map((r) => r.path)).toEqual(['/moved']);
  });
});
