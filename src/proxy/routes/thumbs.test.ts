import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@/contract/studio-api';
import { THUMB_SIZES } from '@/contract/thumbnails';
import { Stack } from '../test/harness';
import { settledJob } from '../test/settled';

/**
 * `/media/<handle>/<n>/thumb[/<size>]` over real sockets: the fake upstream serves a
 * 2048×1152 photo-like PNG as every image (an upscale's size) and a 500×281 one as every
 * grid (smaller than two of the sizes).
 */
let photo: Buffer;
let small: Buffer;
let stack: Stack;

const noisy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .png()
    .toBuffer();

beforeAll(async () => {
  [photo, small] = await Promise.all([noisy(2048, 1152), noisy(500, 281)]);
});

async function startWith(thumbCacheMb?: number): Promise<void> {
  stack = await Stack.start(thumbCacheMb ? { thumbCacheMb } : {});
  stack.fake.serveMedia('image', photo);
  stack.fake.serveMedia('grid', small);
}

afterEach(() => stack.stopChecked());

const settled = (text: string): Promise<Job> =>
  settledJob(stack, { operation: 'diffusion', params: { text } });
const thumbsOf = (job: Job) => path.join(stack.dataDir, 'thumbs', job.id);

describe('thumbnail sizes', () => {
  beforeEach(() => startWith());

  it('serves each allowed size, its longest side that size, /thumb being the smallest', async () => {
    const job = await settled('a lighthouse');
    const full = await stack.call(`/media/${job.id}/1`);
    for (const size of THUMB_SIZES) {
      const res = await stack.call(`/media/${job.id}/1/thumb/${size}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(res.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        size,
        Math.round((size * 1152) / 2048),
      ]);
      expect(res.bytes.length).toBeLessThan(full.bytes.length / 10);
    }
    const plain = await stack.call(`/media/${job.id}/1/thumb`);
    const smallest = await stack.call(`/media/${job.id}/1/thumb/384`);
    expect(plain.bytes.equals(smallest.bytes)).toBe(true);
    // Each size is its own file, each with its own validator.
    const files = readdirSync(thumbsOf(job)).sort();
    expect(files).toEqual(THUMB_SIZES.map((s) => `1-${s}.webp`).sort());
    const etags = await Promise.all(
      THUMB_SIZES.map(async (s) => (await stack.call(`/media/${job.id}/1/thumb/${s}`)).headers),
    );
    expect(new Set(etags.map((h) => h.get('etag'))).size).toBe(THUMB_SIZES.length);
  });

  it('answers 400 naming the field and the sizes for any other size, and makes nothing', async () => {
    const job = await settled('a lighthouse');
    for (const bad of ['512', '1024', '0768', '384.0', '-384', 'abc', '99999999999999']) {
      const res = await stack.call(`/media/${job.id}/0/thumb/${bad}`);
      expect(res.status, bad).toBe(400);
      const { error } = JSON.parse(res.text) as { error: { code: string; message: string } };
      expect(error.code).toBe('invalid_request');
      expect(error.message).toBe('size: must be one of 384, 768, 1536 (px on the longest side).');
    }
    expect(existsSync(thumbsOf(job))).toBe(false);
  });

  it('never makes a thumbnail larger than a small original', async () => {
    const job = await settled('a lighthouse');
    const original = await stack.call(`/media/${job.id}/grid`);
    for (const size of [768, 1536]) {
      const res = await stack.call(`/media/${job.id}/grid/thumb/${size}`);
      expect(res.status).toBe(200);
      const meta = await sharp(res.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([500, 281]);
      expect(res.bytes.length).toBeLessThan(original.bytes.length);
    }
    const meta = await sharp((await stack.call(`/media/${job.id}/grid/thumb`)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([384, 216]);
  });
});

describe('the thumbnail cache across sizes', () => {
  beforeEach(() => startWith(1));

  it('evicts the least recently used size of an image, keeps the others, and drops all with the job', async () => {
    const first = await settled('first');
    const big = `/media/${first.id}/0/thumb/1536`;
    const small = `/media/${first.id}/0/thumb`;
    const bigBytes = (await stack.call(big)).bytes.length;
    await stack.call(`/media/${first.id}/0/thumb/768`);
    expect((await stack.call(small)).status).toBe(200);
    const file = (size: number) => path.join(thumbsOf(first), `0-${size}.webp`);
    expect([384, 768, 1536].every((s) => existsSync(file(s)))).toBe(true);

    // Other images' large thumbnails until the 1 MB limit is passed; the small one of the
    // first image is used in between, its large one is not.
    let other = first;
    for (let n = 0; n < Math.ceil((1024 * 1024) / bigBytes) + 2; n++) {
      if (n % 4 === 0) other = await settled(`filler ${n}`);
      expect((await stack.call(`/media/${other.id}/${n % 4}/thumb/1536`)).status).toBe(200);
      await stack.call(small);
    }
    expect(existsSync(file(1536))).toBe(false);
    expect(existsSync(file(384))).toBe(true);
    const held = readdirSync(path.join(stack.dataDir, 'thumbs'), { recursive: true })
      .map((f) => path.join(stack.dataDir, 'thumbs', String(f)))
      .filter((f) => f.endsWith('.webp'))
      .reduce((sum, f) => sum + statSync(f).size, 0);
    expect(held).toBeLessThanOrEqual(1024 * 1024);
    // An evicted size is made again on request.
    expect((await stack.call(big)).status).toBe(200);
    expect(existsSync(file(1536))).toBe(true);

    expect((await stack.call(`/studio-api/jobs/${first.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(existsSync(thumbsOf(first))).toBe(false);
    for (const size of THUMB_SIZES) {
      expect((await stack.call(`/media/${first.id}/0/thumb/${size}`)).status).toBe(404);
    }
  });
});

describe('a thumbnail no one waits for any more', () => {
  beforeEach(async () => {
    stack = await Stack.start({ thumbMakers: 1 });
    stack.fake.serveMedia('image', photo);
    stack.fake.serveMedia('grid', small);
  });

  it('is not made when its request closes before its turn', async () => {
    let open = () => {};
    stack.fake.mediaGate = new Promise<void>((r) => (open = r));
    const job = await settled('a lighthouse');
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // The one maker takes the first, which waits for its original (held upstream).
    const first = stack.call(`/media/${job.id}/0/thumb`);
    await pause(300);
    // The second waits its turn, and its browser lets go of it (a tile scrolled away).
    const leaving = new AbortController();
    const second = stack.call(`/media/${job.id}/1/thumb`, { signal: leaving.signal });
    await pause(300);
    leaving.abort();
    await expect(second).rejects.toThrow();
    await pause(300);
    open();
    expect((await first).status).toBe(200);
    // Turns go in the order asked: had the second stayed in line, it came before this one.
    expect((await stack.call(`/media/${job.id}/2/thumb`)).status).toBe(200);
    expect(readdirSync(thumbsOf(job)).sort()).toEqual(['0-384.webp', '2-384.webp']);
    // Asked for again, it is made.
    expect((await stack.call(`/media/${job.id}/1/thumb`)).status).toBe(200);
    expect(existsSync(path.join(thumbsOf(job), '1-384.webp'))).toBe(true);
  });
});
