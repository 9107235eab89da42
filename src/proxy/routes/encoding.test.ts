import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { Stack } from '../test/harness';
import { acceptedCodings } from './encoding';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

const SCRIPT = 'export const greeting = "hello";\n'.repeat(500);

/** A built SPA whose asset has the brotli and gzip copies the build writes. */
async function builtWithCopies(): Promise<Stack> {
  const s = await Stack.start();
  await s.withBuiltWeb();
  const asset = path.join(s.dataDir, 'web', 'assets', 'index-AbC123.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  return s;
}

describe('precompressed assets', () => {
  it('sends brotli or gzip as the browser accepts, the same bytes once decoded', async () => {
    stack = await builtWithCopies();
    const get = (acceptEncoding?: string) =>
      stack!.raw('/assets/index-AbC123.js', {
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers.get('content-length'))).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);

    const gz = await get('br;q=0, gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(SCRIPT);

    for (const identity of [undefined, 'identity', '*;q=0']) {
      const plain = await get(identity);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('accept-encoding');
      expect(plain.bytes.toString()).toBe(SCRIPT);
    }
  });

  it('sends a file as it is when the build wrote no copy of it', async () => {
    stack = await Stack.start();
    await stack.withBuiltWeb();
    const index = await stack.raw('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-encoding')).toBeNull();
    expect(index.text).toContain('id="root"');
  });
});

describe('JSON answers of the browser API', () => {
  it('are compressed above 1 KB, small ones and event streams are not', async () => {
    stack = await Stack.start();
    for (let i = 0; i < 6; i += 1) {
      const made = await stack.post('/studio-api/jobs', {
        operation: 'diffusion',
        params: { text: `a lighthouse at dusk, number ${i} --ar 16:9` },
      });
      expect(made.status).toBe(200);
    }
    const plain = await stack.raw('/studio-api/jobs');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.length).toBeGreaterThan(1024);

    const gz = await stack.raw('/studio-api/jobs', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/);
    // The jobs run meanwhile, so their progress may differ: the same jobs, decoded whole.
    const ids = (text: string) =>
      (JSON.parse(text) as { jobs: { id: string }[] }).jobs.map((j) => j.id);
    expect(ids(gunzipSync(gz.bytes).toString())).toEqual(ids(plain.bytes.toString()));
    const br = await stack.raw('/studio-api/jobs', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(ids(brotliDecompressSync(br.bytes).toString())).toEqual(ids(plain.bytes.toString()));

    const small = await stack.raw('/studio-api/status', { headers: { 'accept-encoding': 'br' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(small.bytes.toString())).toBeTypeOf('object');

    const events = await stack.raw('/studio-api/events', { headers: { 'accept-encoding': 'br' } });
    expect(events.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(events.headers.get('content-encoding')).toBeNull();
  });
});

describe('acceptedCodings', () => {
  it('follows q-values and the wildcard, and takes nothing when the header is absent', () => {
    const names = (h: string | undefined) => acceptedCodings(h).map((c) => c.coding);
    expect(names(undefined)).toEqual([]);
    expect(names('')).toEqual([]);
    expect(names('gzip')).toEqual(['gzip']);
    expect(names('GZIP;Q=0.3, BR')).toEqual(['br', 'gzip']);
    expect(names('*')).toEqual(['br', 'gzip']);
    expect(names('*, br;q=0')).toEqual(['gzip']);
    expect(names('br;q=abc, gzip;q=0.0')).toEqual([]);
  });
});
