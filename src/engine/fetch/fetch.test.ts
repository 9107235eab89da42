import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage } from './fetch-image';
import type { FetchPolicy } from './dial';
import { guardedGet } from './guarded-get';
import type { ImageServer } from './test-server';
import { startImageServer } from './test-server';

describe('guarded fetch', () => {
  let server: ImageServer;
  let png: Buffer;
  const dialled: string[] = [];
  const policy: FetchPolicy = {
    allowPrivate: false,
    onConnect: (address) => dialled.push(address),
  };

  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    server = await startImageServer({
      '/a.png': { body: png },
      '/text': { body: Buffer.from('<svg/>'), type: 'image/svg+xml' },
      '/to-metadata': { redirect: 'http://169.254.169.254/latest/meta-data/' },
      '/to-mapped': { redirect: 'http://[::ffff:a9fe:a9fe]/' },
      '/hop1': { redirect: '/hop2' },
      '/hop2': { redirect: '/a.png', status: 307 },
      '/loop': { redirect: '/loop' },
      '/to-ftp': { redirect: 'ftp://127.0.0.1/a.png' },
      '/hang': { hang: true },
    });
  });
  afterAll(() => server.close());

  const refusal = async (url: string, p: FetchPolicy = policy) => {
    dialled.length = 0;
    const err = await guardedGet(url, p).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    return (err as Error).message;
  };

  it('fetches from loopback, following redirects', async () => {
    dialled.length = 0;
    const img = await fetchImage(`${server.url}/hop1`, policy);
    expect(img).toMatchObject({ format: 'png', width: 8, height: 6 });
    expect(dialled).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('refuses decimal, hex, octal and IPv6-mapped forms of the metadata address, dialling nothing', async () => {
    for (const url of [
      'http://2852039166/',
      'http://0xa9fea9fe/',
      'http://0251.0376.0251.0376/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
    ]) {
      expect(await refusal(url), url).toMatch(
        /refused to connect to .*169\.254\.169\.254|a9fe:a9fe/,
      );
      expect(dialled, url).toEqual([]);
    }
  });

  it('refuses a redirect from loopback to 169.254.169.254 before connecting to it', async () => {
    expect(await refusal(`${server.url}/to-metadata`)).toBe(
      'refused to connect to 169.254.169.254: it is a link-local (cloud metadata) address',
    );
    expect(dialled).toEqual(['127.0.0.1']);
    expect(await refusal(`${server.url}/to-mapped`)).toMatch(
      /^refused to connect to ::ffff:a9fe:a9fe/,
    );
    expect(dialled).toEqual(['127.0.0.1']);
  });

  it('limits redirects, schemes, size and time', async () => {
    expect(await refusal(`${server.url}/loop`)).toBe('more than 5 redirects');
    expect(await refusal(`${server.url}/to-ftp`)).toMatch(/^ftp: URLs are not fetched/);
    expect(await refusal('file:///etc/passwd')).toMatch(/^file: URLs are not fetched/);
    expect(await refusal(`${server.url}/a.png`, { ...policy, maxBytes: 10 })).toMatch(
      /^the response is larger than 10 bytes/,
    );
    expect(await refusal(`${server.url}/hang`, { ...policy, timeoutMs: 200 })).toBe(
      'no complete answer within 0.2 s',
    );
    expect(await refusal(`${server.url}/missing`)).toBe('the server answered HTTP 404');
  });

  it('accepts only PNG, JPEG, WebP and GIF, by their bytes', async () => {
    const err = await fetchImage(`${server.url}/text`, policy).catch((e: Error) => e.message);
    expect(err).toBe('the response is not a PNG, JPEG, WebP or GIF image');
    // Served as anything: the bytes decide.
    const type = 'application/octet-stream';
    const images = await startImageServer({
      '/png': { body: png, type },
      '/jpeg': { body: await sharp(png).jpeg().toBuffer(), type },
      '/webp': { body: await sharp(png).webp().toBuffer(), type },
      '/gif': { body: await sharp(png).gif().toBuffer(), type },
      '/tiff': { body: await sharp(png).tiff().toBuffer(), type: 'image/tiff' },
      '/cut': { body: png.subarray(0, 40), type: 'image/png' },
    });
    try {
      const fetched = async (p: string) =>
        fetchImage(`${images.url}${p}`, policy).then(
          (image) => `${image.format} ${image.width}x${image.height}`,
          (e: Error) => e.message,
        );
      expect(await Promise.all(['/png', '/jpeg', '/webp', '/gif'].map(fetched))).toEqual([
        'png 8x6',
        'jpeg 8x6',
        'webp 8x6',
        'gif 8x6',
      ]);
      expect(await fetched('/tiff')).toBe('the response is not a PNG, JPEG, WebP or GIF image');
      expect(await fetched('/cut')).toBe('the PNG image could not be decoded');
    } finally {
      await images.close();
    }
  });

  it('refuses images above 40 megapixels before decoding them', async () => {
    const huge = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: '#000' },
    })
      .greyscale()
      .png({ compressionLevel: 1 })
      .toBuffer();
    const big = await startImageServer({ '/huge.png': { body: huge } });
    try {
      const err = await fetchImage(`${big.url}/huge.png`, policy).catch((e: Error) => e.message);
      expect(err).toBe('the image is 8000x5001 px; at most 40 megapixels are read');
    } finally {
      await big.close();
    }
  });
});
