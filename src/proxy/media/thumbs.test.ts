import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, createRedactor } from '../log';
import type { CachedMedia } from './cache';
import { NotAnImage, ThumbCache } from './thumbs';

const log = createLogger(createRedactor([]));
let dir: string;
let photo: string;
let clip: string;
const asked: string[] = [];

/** The media cache's side: every key is the same 1536×1024 photo-like PNG (noise). */
const originals = {
  get: async (handle: string, key: string): Promise<CachedMedia> => {
    asked.push(`${handle}/${key}`);
    const video = key === '9';
    const file = video ? clip : photo;
    const size = statSync(file).size;
    const contentType = video ? 'video/mp4' : 'image/png';
    return { file, size, contentType, etag: '"x"', width: null, height: null };
  },
};

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'thumbs-'));
  photo = path.join(dir, 'photo.png');
  clip = path.join(dir, 'clip.bin');
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
  await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#000', noise } })
    .blur(1.2)
    .png()
    .toFile(photo);
  writeFileSync(clip, 'not an image');
  asked.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const thumbsDir = () => path.join(dir, 'thumbs');
const thumbFile = (handle: string, key: string, size = 384) =>
  path.join(thumbsDir(), handle, `${key}-${size}.webp`);

describe('the thumbnail cache', () => {
  it('makes a WebP at most 384 px on its longest side and a tenth of the original or less', async () => {
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log);
    const t = await cache.get('job-aaaaaaa1', '0', 'u/0', 384);
    expect(t.contentType).toBe('image/webp');
    const meta = await sharp(t.file).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(384);
    expect(meta.width / meta.height).toBeCloseTo(1.5, 1);
    expect(t.size).toBe(statSync(t.file).size);
    expect(t.size * 10).toBeLessThanOrEqual(statSync(photo).size);
  });

  it('makes each thumbnail once, also when asked twice at the same time', async () => {
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log);
    const [a, b] = await Promise.all([
      cache.get('job-aaaaaaa1', '1', 'u/1', 384),
      cache.get('job-aaaaaaa1', '1', 'u/1', 384),
    ]);
    await cache.get('job-aaaaaaa1', '1', 'u/1', 384);
    expect(asked).toEqual(['job-aaaaaaa1/1']);
    expect(a.etag).toBe(b.etag);
  });

  it('evicts the least recently used under its byte limit, and reloads its index at start', async () => {
    const probe = new ThumbCache(path.join(dir, 'probe'), originals, 1e9, log);
    const one = (await probe.get('p', '0', 'u', 384)).size;
    // Room for two thumbnails and a half.
    const cache = new ThumbCache(thumbsDir(), originals, Math.floor(one * 2.5), log);
    await cache.get('job-aaaaaaa1', '0', 'u', 384);
    await cache.get('job-aaaaaaa2', '0', 'u', 384);
    await cache.get('job-aaaaaaa1', '0', 'u', 384); // used again: aaaaaaa2 is now the oldest
    await cache.get('job-aaaaaaa3', '0', 'u', 384);
    expect(existsSync(thumbFile('job-aaaaaaa2', '0'))).toBe(false);
    expect(existsSync(thumbFile('job-aaaaaaa1', '0'))).toBe(true);
    expect(existsSync(thumbFile('job-aaaaaaa3', '0'))).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(one * 2.5);

    // A restart with a smaller limit finds what is on disk and trims it.
    const smaller = new ThumbCache(thumbsDir(), originals, Math.floor(one * 1.5), log);
    await smaller.load();
    expect(smaller.bytes).toBeLessThanOrEqual(one * 1.5);
    expect(smaller.bytes).toBeGreaterThan(0);
  });

  it('keeps at start only files of the sizes it makes', async () => {
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log);
    const kept = await cache.get('job-aaaaaaa1', '0', 'u', 768);
    const stale = ['0.webp', '1-512.webp', '2-384.webp.a1b2c3.part'];
    for (const f of stale) writeFileSync(path.join(thumbsDir(), 'job-aaaaaaa1', f), 'x');
    const restarted = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log);
    await restarted.load();
    expect(restarted.bytes).toBe(kept.size);
    for (const f of stale)
      expect(existsSync(path.join(thumbsDir(), 'job-aaaaaaa1', f))).toBe(false);
    expect(existsSync(thumbFile('job-aaaaaaa1', '0', 768))).toBe(true);
  });

  it('drops a job’s thumbnails of every size when it is deleted, and has none for a video', async () => {
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log);
    await cache.get('job-aaaaaaa1', '0', 'u', 384);
    await cache.get('job-aaaaaaa1', '1', 'u', 1536);
    // Deleted while one is being made: that one is not left behind either.
    const making = cache.get('job-aaaaaaa1', '0', 'u', 768);
    await cache.removeJob('job-aaaaaaa1');
    await making;
    expect(existsSync(path.join(thumbsDir(), 'job-aaaaaaa1'))).toBe(false);
    expect(cache.bytes).toBe(0);
    await expect(cache.get('job-aaaaaaa1', '9', 'u', 384)).rejects.toBeInstanceOf(NotAnImage);
  });
});
