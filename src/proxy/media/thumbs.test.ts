import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@/server/log';
import type { CachedMedia } from './cache';
import { NotAnImage, ThumbCache } from './thumbs';
import { Abandoned } from './turns';

const log = createLogger({ level: 'silent' });
let dir: string;
let photo: string;
let clip: string;
const asked: string[] = [];

/** Every key is the same 1536×1024 photo-like PNG (noise), but key 9, a video. */
function originalOf(key: string): CachedMedia {
  const video = key === '9';
  const file = video ? clip : photo;
  const size = statSync(file).size;
  const contentType = video ? 'video/mp4' : 'image/png';
  return { file, size, contentType, etag: '"x"', width: null, height: null };
}

/** The media cache's side. */
const originals = {
  get: async (handle: string, key: string): Promise<CachedMedia> => {
    asked.push(`${handle}/${key}`);
    return originalOf(key);
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
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log, 2);
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
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log, 2);
    const [a, b] = await Promise.all([
      cache.get('job-aaaaaaa1', '1', 'u/1', 384),
      cache.get('job-aaaaaaa1', '1', 'u/1', 384),
    ]);
    await cache.get('job-aaaaaaa1', '1', 'u/1', 384);
    expect(asked).toEqual(['job-aaaaaaa1/1']);
    expect(a.etag).toBe(b.etag);
  });

  it('evicts the least recently used under its byte limit, and reloads its index at start', async () => {
    const probe = new ThumbCache(path.join(dir, 'probe'), originals, 1e9, log, 2);
    const one = (await probe.get('p', '0', 'u', 384)).size;
    // Room for two thumbnails and a half.
    const cache = new ThumbCache(thumbsDir(), originals, Math.floor(one * 2.5), log, 2);
    await cache.get('job-aaaaaaa1', '0', 'u', 384);
    await cache.get('job-aaaaaaa2', '0', 'u', 384);
    await cache.get('job-aaaaaaa1', '0', 'u', 384); // used again: aaaaaaa2 is now the oldest
    await cache.get('job-aaaaaaa3', '0', 'u', 384);
    expect(existsSync(thumbFile('job-aaaaaaa2', '0'))).toBe(false);
    expect(existsSync(thumbFile('job-aaaaaaa1', '0'))).toBe(true);
    expect(existsSync(thumbFile('job-aaaaaaa3', '0'))).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(one * 2.5);

    // A restart with a smaller limit finds what is on disk and trims it.
    const smaller = new ThumbCache(thumbsDir(), originals, Math.floor(one * 1.5), log, 2);
    await smaller.load();
    expect(smaller.bytes).toBeLessThanOrEqual(one * 1.5);
    expect(smaller.bytes).toBeGreaterThan(0);
  });

  it('keeps at start only files of the sizes it makes', async () => {
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log, 2);
    const kept = await cache.get('job-aaaaaaa1', '0', 'u', 768);
    const stale = ['0.webp', '1-512.webp', '2-384.webp.a1b2c3.part'];
    for (const f of stale) writeFileSync(path.join(thumbsDir(), 'job-aaaaaaa1', f), 'x');
    const restarted = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log, 2);
    await restarted.load();
    expect(restarted.bytes).toBe(kept.size);
    for (const f of stale)
      expect(existsSync(path.join(thumbsDir(), 'job-aaaaaaa1', f))).toBe(false);
    expect(existsSync(thumbFile('job-aaaaaaa1', '0', 768))).toBe(true);
  });

  it('drops a job’s thumbnails of every size when it is deleted, and has none for a video', async () => {
    const cache = new ThumbCache(thumbsDir(), originals, 64 * 1024 * 1024, log, 2);
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

  describe('making them a few at a time', () => {
    /** The originals, each held until `release` is called: a making stays under way. */
    function heldOriginals() {
      const held: (() => void)[] = [];
      return {
        held,
        get: async (handle: string, key: string): Promise<CachedMedia> => {
          asked.push(`${handle}/${key}`);
          await new Promise<void>((go) => held.push(go));
          return originalOf(key);
        },
        release: () => {
          for (const go of held.splice(0)) go();
        },
      };
    }
    const made = (handle: string) => existsSync(thumbFile(handle, '0'));

    it('makes one at a time in the order asked; one whose asker left before its turn is not made', async () => {
      const slow = heldOriginals();
      const cache = new ThumbCache(thumbsDir(), slow, 64 * 1024 * 1024, log, 1);
      const first = cache.get('job-aaaaaaa1', '0', 'u', 384);
      const leaving = new AbortController();
      const dropped = cache.get('job-aaaaaaa2', '0', 'u', 384, leaving.signal);
      const third = cache.get('job-aaaaaaa3', '0', 'u', 384, new AbortController().signal);
      await vi.waitFor(() => expect(asked).toEqual(['job-aaaaaaa1/0']));
      leaving.abort();
      await expect(dropped).rejects.toBeInstanceOf(Abandoned);
      slow.release();
      await first;
      await vi.waitFor(() => expect(asked).toEqual(['job-aaaaaaa1/0', 'job-aaaaaaa3/0']));
      slow.release();
      await third;
      expect([made('job-aaaaaaa1'), made('job-aaaaaaa2'), made('job-aaaaaaa3')]).toEqual([
        true,
        false,
        true,
      ]);
      // Asked for again later, it is made then.
      const again = cache.get('job-aaaaaaa2', '0', 'u', 384);
      await vi.waitFor(() => expect(slow.held).toHaveLength(1));
      slow.release();
      await again;
      expect(made('job-aaaaaaa2')).toBe(true);
    });

    it('calls off a deleted job’s thumbnails still waiting, and waits for the one being made', async () => {
      const slow = heldOriginals();
      const cache = new ThumbCache(thumbsDir(), slow, 64 * 1024 * 1024, log, 1);
      const underWay = cache.get('job-aaaaaaa1', '0', 'u', 384);
      const waiting = cache.get('job-aaaaaaa1', '1', 'u', 384);
      const other = cache.get('job-aaaaaaa2', '0', 'u', 384);
      await vi.waitFor(() => expect(slow.held).toHaveLength(1));
      const removed = cache.removeJob('job-aaaaaaa1');
      await expect(waiting).rejects.toBeInstanceOf(Abandoned);
      slow.release();
      await Promise.all([underWay, removed]);
      await vi.waitFor(() => expect(slow.held).toHaveLength(1));
      slow.release();
      await other;
      // The waiting one never asked for its original; nothing of the job is left.
      expect(asked).toEqual(['job-aaaaaaa1/0', 'job-aaaaaaa2/0']);
      expect(existsSync(path.join(thumbsDir(), 'job-aaaaaaa1'))).toBe(false);
      expect(made('job-aaaaaaa2')).toBe(true);
    });

    it('makes one for any asker still waiting, and finishes one already started', async () => {
      const slow = heldOriginals();
      const cache = new ThumbCache(thumbsDir(), slow, 64 * 1024 * 1024, log, 1);
      const startedAsker = new AbortController();
      const started = cache.get('job-aaaaaaa1', '0', 'u', 384, startedAsker.signal);
      const a = new AbortController();
      const b = new AbortController();
      const shared = cache.get('job-aaaaaaa2', '0', 'u', 384, a.signal);
      void cache.get('job-aaaaaaa2', '0', 'u', 384, b.signal);
      const kept = cache.get('job-aaaaaaa3', '0', 'u', 384, a.signal);
      void cache.get('job-aaaaaaa3', '0', 'u', 384);
      await vi.waitFor(() => expect(slow.held).toHaveLength(1));
      // The asker of the one under way leaves; so does one of two askers of the next, and
      // the asker of the last that one asker without a request keeps.
      startedAsker.abort();
      a.abort();
      for (let i = 0; i < 3; i++) {
        await vi.waitFor(() => expect(slow.held).toHaveLength(1));
        slow.release();
      }
      await Promise.all([started, shared, kept]);
      expect(asked).toEqual(['job-aaaaaaa1/0', 'job-aaaaaaa2/0', 'job-aaaaaaa3/0']);
      expect([made('job-aaaaaaa1'), made('job-aaaaaaa2'), made('job-aaaaaaa3')]).toEqual([
        true,
        true,
        true,
      ]);
    });
  });
});
